import { RICH_TEXT_MAX_LENGTH } from "./html-bounds";
import { elementNames } from "./html-elements";
import { readHtml } from "./html-tokens";

/** Tags whose start or end begins a new paragraph of the text. */
export const PARAGRAPH_TAGS: ReadonlySet<string> = elementNames(`
  address article aside blockquote dd div dl dt figcaption figure footer h1 h2 h3
  h4 h5 h6 header hr li main nav ol p pre section table tr ul
`);

const PARAGRAPH = "\n\n";
const LINE = "\n";

/**
 * HTML shown as its text, for content beyond the bounds DOMPurify may be handed: tags
 * dropped, text escaped, paragraphs (block tags or blank lines) and line breaks kept.
 * One pass of the tokenizer over at most RICH_TEXT_MAX_LENGTH characters and no tree,
 * so it is cheap whatever the markup; the only markup in the result is our own <p> and
 * <br>. The text of a <style> or <script> shows too: harmless once escaped, and only
 * broken or hostile content ends up here.
 */
export function htmlAsPlainParagraphs(html: string): string {
  const source = html.length > RICH_TEXT_MAX_LENGTH ? html.slice(0, RICH_TEXT_MAX_LENGTH) : html;
  const pieces: string[] = [];
  readHtml(source, (token) => {
    if (token.kind === "text") pieces.push(collapseSpace(token.chars));
    else if (token.kind === "comment") return;
    else if (PARAGRAPH_TAGS.has(token.name)) pieces.push(PARAGRAPH);
    else if (token.name === "br") pieces.push(LINE);
  });
  return pieces
    .join("")
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph
        .split(LINE)
        .map((line) => escapeText(line.trim()))
        .filter(Boolean)
        .join("<br>"),
    )
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join("");
}

/** As a browser shows source text, except that a blank line stays a paragraph break. */
function collapseSpace(text: string): string {
  return text.replace(/[ \t\n\f\r]+/g, (run) => (run.indexOf("\n") !== run.lastIndexOf("\n") ? PARAGRAPH : " "));
}

/** The text comes with its character references decoded, so every &, < and > is escaped. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
