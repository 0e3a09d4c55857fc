import { readHtml } from "./html-tokens";

/**
 * What the news content field posted, as the HTML to store. With JavaScript the editor
 * posts HTML; without it the field is a textarea, where most people type plain text.
 * Text that holds a tag is HTML (the editor's, or typed by someone who knows HTML) and
 * is kept exactly; the /api sanitises it either way. Anything else is plain text:
 * blank lines separate paragraphs, a single line break stays a line break.
 */
export function contentFromTextarea(text: string): string {
  return containsTag(text) ? text : plainTextToHtml(text);
}

/**
 * True when a browser would read a start or end tag in the text (`<p>`, `</b>`), as its
 * tokenizer reads it. A '<' that starts none (`1 < 2`, `I <3 dads`) is text, a comment is
 * no tag, and a tag cut off by the end of the text (`x <y`) is dropped by the tokenizer.
 */
function containsTag(text: string): boolean {
  let found = false;
  readHtml(text, (token, reading) => {
    if (token.kind !== "start" && token.kind !== "end") return;
    found = true;
    reading.stop();
  });
  return found;
}

/** Paragraphs at blank lines (even ones holding spaces), <br> at the other line breaks. */
function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map(escapeText)
        .join("<br>"),
    )
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join("");
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Plain text means what it shows: "&amp;" typed is shown as typed, not as "&". */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
