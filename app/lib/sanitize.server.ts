/**
 * News HTML is sanitised again before display (DESIGN.md §5), on the server, with the
 * same policy the /api applies on write: an upstream we do not control is not trusted.
 * Display happens in loaders, so DOMPurify and jsdom never reach the browser.
 */
export { sanitizeNewsHtml as sanitizeRichText } from "../../api/lib/sanitize-html";

/** Plain text of sanitised HTML, for share texts and meta descriptions. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[12]|\/li)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The first 150 characters, with an ellipsis when longer (SPEC.md §9). */
export function excerpt(text: string, limit = 150): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}
