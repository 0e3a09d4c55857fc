import { createRequire } from "node:module";
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from "dompurify";
import type { JSDOM } from "jsdom";
import { richTextBoundsProblem } from "./html-bounds";
import { FONT_FAMILIES, RICH_TEXT_TAGS, safeHref, type FontFamily } from "./rich-text-policy";

export { safeHref };

const ALLOWED_ATTR = ["href", "target", "rel", "style"];

function allowedFontFamily(style: string): FontFamily | null {
  const declarations = style
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);
  if (declarations.length !== 1) return null;
  const match = /^font-family\s*:\s*(.+)$/i.exec(declarations[0]);
  if (!match) return null;
  const value = match[1]
    .trim()
    .replace(/^(['"])(.*)\1$/, "$2")
    .toLowerCase();
  return (FONT_FAMILIES as readonly string[]).includes(value) ? (value as FontFamily) : null;
}

/** The policy beyond tags: one allowed font per span, safe links that open safely. */
function addPolicyHooks(purify: DOMPurify): void {
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    if (data.attrName === "style") {
      const family = node.nodeName === "SPAN" ? allowedFontFamily(data.attrValue) : null;
      if (family) data.attrValue = `font-family: ${family}`;
      else data.keepAttr = false;
    } else if (data.attrName === "href") {
      if (node.nodeName === "A") data.attrValue = safeHref(data.attrValue);
      else data.keepAttr = false;
    } else if (data.attrName === "target" || data.attrName === "rel") {
      if (node.nodeName !== "A") data.keepAttr = false;
    }
  });

  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "A") return;
    if (node.hasAttribute("target")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    } else if (node.hasAttribute("rel")) {
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
}

/**
 * The server's bundle (the /api sanitises on write) and the Remix build (on display)
 * each hold a copy of this module, and both import the one DOMPurify module: one jsdom
 * window and purifier per DOMPurify serve both.
 */
const SHARED = Symbol.for("fathers-club.sanitize-html.purifiers");
type Holder = { [SHARED]?: WeakMap<typeof createDOMPurify, DOMPurify> };

/**
 * jsdom costs about 50 MB of memory once loaded, and nothing needs it until news HTML
 * is first written or shown, so it is loaded then rather than when the server starts.
 * Sanitising is synchronous for its callers, hence require rather than import().
 */
function purify(): DOMPurify {
  const purifiers = ((globalThis as Holder)[SHARED] ??= new WeakMap());
  const known = purifiers.get(createDOMPurify);
  if (known) return known;
  const { JSDOM: Dom } = createRequire(import.meta.url)("jsdom") as { JSDOM: typeof JSDOM };
  const purifier = createDOMPurify(new Dom("").window as unknown as WindowLike);
  addPolicyHooks(purifier);
  purifiers.set(createDOMPurify, purifier);
  return purifier;
}

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR,
  // safeHref has already turned anything else into about:blank.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|about:blank$|[^a-z]|[a-z0-9+.-]+(?:[^a-z0-9+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

/**
 * Sanitises news HTML: only the editor's tags, fonts and safe links survive. Callers
 * check richTextBoundsProblem first and answer for themselves (a 400 on write, plain
 * text on display); the check is repeated here so that no caller, present or future,
 * can hand DOMPurify a document that would hold the process for seconds.
 */
export function sanitizeNewsHtml(html: string): string {
  const problem = richTextBoundsProblem(html);
  if (problem) throw new RangeError(`News HTML not sanitised: it ${problem}`);
  return purify().sanitize(html, CONFIG).trim();
}
