/**
 * The marks the stores put around the words found in a snippet: two private-use
 * characters no indexed text holds (search-documents.ts takes them out). The snippet's
 * text is escaped first and the marks become <mark> after, so the content's own markup
 * shows as text and only our <mark> is HTML.
 */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function markedHtml(marked: string): string {
  return marked
    .replace(/[&<>"']/g, (char) => ESCAPES[char])
    .replaceAll(MARK_START, "<mark>")
    .replaceAll(MARK_END, "</mark>")
    .replace(/\s+/g, " ")
    .trim();
}
