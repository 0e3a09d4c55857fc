/**
 * What news rich text may hold, in one place for the editor (browser), the /api's
 * sanitiser on write and the app's sanitiser before display. No DOM here, so the
 * editor's bundle can import it.
 */

/** The elements the editor makes and the sanitisers keep (docs/architecture.md, 'The /api (api/)'); others are unwrapped. */
export const RICH_TEXT_TAGS = ["p", "br", "h1", "h2", "strong", "em", "u", "s", "ol", "ul", "li", "a", "span"] as const;

/** The three font families the editor may apply (span style="font-family: …"). */
export const FONT_FAMILIES = ["sans-serif", "serif", "monospace"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const SAFE_LINK_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:", "tel:"]);
export const BLOCKED_HREF = "about:blank";

/**
 * A link to any protocol but http, https, mailto and tel becomes about:blank (docs/product.md, 'Validation rules');
 * relative links (/news, #top) carry no protocol and stay.
 */
export function safeHref(raw: string): string {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = [...raw].filter((char) => char > "\u0020" && (char < "\u007f" || char > "\u009f")).join("");
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(compact);
  if (!scheme) return compact.length > 0 ? raw.trim() : BLOCKED_HREF;
  return SAFE_LINK_PROTOCOLS.has(scheme[1].toLowerCase()) ? raw.trim() : BLOCKED_HREF;
}
