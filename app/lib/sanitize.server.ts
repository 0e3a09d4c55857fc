import { htmlAsPlainParagraphs } from "../../common/html-as-text";
import { richTextBoundsProblem } from "../../common/html-bounds";
import { sanitizeNewsHtml } from "../../common/sanitize-html";
import { BoundedMemo } from "./bounded-memo";

/**
 * News HTML is sanitised again before display (docs/architecture.md, 'The web app (app/)'), on the server, with the
 * same policy the /api applies on write: an upstream we do not control is not trusted.
 * Display happens in loaders, so DOMPurify and jsdom never reach the browser.
 *
 * Content beyond the bounds (too long, too deep, too much markup or too many attributes; our /api refuses it
 * on write, so only a foreign upstream sends it) never reaches DOMPurify, where it could
 * hold the whole process for seconds on every view. It is shown as escaped text with its
 * paragraphs instead: still readable, safe without a sanitiser, linear to produce.
 */
export function sanitizeRichText(html: string): string {
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = richTextBoundsProblem(html) === null ? sanitizeNewsHtml(html) : htmlAsPlainParagraphs(html);
  memo.set(html, clean);
  return clean;
}

/**
 * Sanitised once per distinct content, not once per view: the same news item is shown
 * to every visitor, and DOMPurify over jsdom is the costliest step of a page. Bounded
 * by the characters it holds, so it cannot grow with what an upstream sends.
 */
const memo = new BoundedMemo(4_000_000);

const BLOCK_MARKUP = /<(p|br|h[1-6]|ul|ol|li)\b/i;

/**
 * Sanitised content with no block markup at all (plain text typed without the editor)
 * given its paragraphs at blank lines and its line breaks, as the page and the feed show
 * it; anything else as it is.
 */
export function withParagraphs(clean: string): string {
  if (BLOCK_MARKUP.test(clean)) return clean;
  return clean
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

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

/** The first 150 characters, with an ellipsis when longer (docs/product.md, 'Business constants and limits'). */
export function excerpt(text: string, limit = 150): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}
