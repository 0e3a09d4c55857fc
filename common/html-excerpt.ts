import { RICH_TEXT_MAX_LENGTH } from "./html-bounds";
import { PARAGRAPH_TAGS } from "./html-as-text";
import { readHtml } from "./html-tokens";

/** docs/product.md, 'E-mail': an item is told by its title and the first 150 characters of its text. */
export const EXCERPT_LENGTH = 150;

/**
 * The start of a text as one plain line: news content is HTML (tags dropped, character
 * references decoded, whitespace run together), an event's comment is plain text.
 * Cut at the last word that fits, with '…' when anything was left out. The reading
 * stops once enough text is gathered, so a long item costs no more than a short one.
 */
export function htmlExcerpt(html: string, max = EXCERPT_LENGTH): string {
  const source = html.length > RICH_TEXT_MAX_LENGTH ? html.slice(0, RICH_TEXT_MAX_LENGTH) : html;
  let text = "";
  readHtml(source, (token, reading) => {
    if (token.kind === "text") text += token.chars;
    // A paragraph's end or a line break parts the words either side; <strong> and the like do not.
    else if (token.kind !== "comment" && (PARAGRAPH_TAGS.has(token.name) || token.name === "br")) text += " ";
    if (text.length > max * 2) reading.stop();
  });
  return cutToLength(text, max);
}

/** Plain text (an event's comment) cut the same way. */
export function plainExcerpt(text: string, max = EXCERPT_LENGTH): string {
  return cutToLength(text.slice(0, max * 4), max);
}

function cutToLength(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}
