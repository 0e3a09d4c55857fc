import { excerpt, richTextToPlain, sanitizeRichText } from "~/lib/sanitize.server";

const BLOCK_MARKUP = /<(p|br|h[1-6]|ul|ol|li)\b/i;

/**
 * News content as the page shows it: sanitised again (an upstream is not trusted),
 * its own h1/h2 moved below the card's heading so the outline stays in order, and
 * plain text typed without the editor given its paragraphs and line breaks.
 */
export function newsHtmlForDisplay(content: string, cardHeadingLevel: 2 | 3): string {
  const clean = sanitizeRichText(content);
  if (!BLOCK_MARKUP.test(clean)) {
    return clean
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`)
      .join("");
  }
  return clean.replace(/<(\/?)h([12])>/gi, (_tag, slash: string, level: string) => {
    return `<${slash}h${Math.min(6, Number(level) + cardHeadingLevel)}>`;
  });
}

/** The share and preview text of a news item: its first 150 characters as plain text. */
export function newsShareText(content: string): string {
  return excerpt(richTextToPlain(sanitizeRichText(content)));
}
