import { excerpt, richTextToPlain, sanitizeRichText, withParagraphs } from "~/lib/sanitize.server";

/**
 * A news item's content, sanitised once (an upstream is not trusted; DOMPurify is the
 * costly step): the HTML the page shows and its share and preview text, the first
 * 150 characters as plain text.
 */
export function newsForDisplay(content: string, cardHeadingLevel: 1 | 2 | 3): { html: string; shareText: string } {
  const clean = sanitizeRichText(content);
  return { html: displayHtml(clean, cardHeadingLevel), shareText: excerpt(richTextToPlain(clean)) };
}

/**
 * Sanitised HTML as the page shows it: its own h1/h2 moved below the card's heading so
 * the outline stays in order, and plain text typed without the editor given its
 * paragraphs and line breaks.
 */
function displayHtml(clean: string, cardHeadingLevel: 1 | 2 | 3): string {
  const html = withParagraphs(clean);
  if (html !== clean) return html;
  // The content's top heading comes right below the card's title, whichever of h1 and
  // h2 the author started with, so no level is skipped.
  const shift = cardHeadingLevel + (/<h1>/i.test(clean) ? 0 : -1);
  return clean.replace(/<(\/?)h([12])>/gi, (_tag, slash: string, level: string) => {
    return `<${slash}h${Math.min(6, Number(level) + shift)}>`;
  });
}
