import { isAsciiAlpha, readMarkup } from "./html-tokens";
import { RICH_TEXT_TAGS } from "./rich-text-policy";

/**
 * What a parser and DOMPurify would have to do with a piece of HTML, estimated in one
 * linear pass without building a DOM, and never underestimated:
 * - depth: the deepest element nesting the parser could build;
 * - nodes: how many elements, text and comment nodes it could create, counting the
 *   formatting elements (<b>, <strong>…) it reopens after every block they were cut by;
 * - movesNodes: whether DOMPurify may remove or unwrap anything, or the parser move
 *   misnested elements. jsdom spends time proportional to a node's siblings on each
 *   removal or move, so that is the costly case; the editor's own output never needs it.
 */
export interface HtmlMeasure {
  depth: number;
  nodes: number;
  movesNodes: boolean;
}

/** Elements the parser closes as soon as it opens them. */
const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "basefont",
  "bgsound",
  "br",
  "col",
  "embed",
  "frame",
  "hr",
  "image",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Elements the parser reopens, and runs the adoption agency algorithm for when misnested. */
const FORMATTING: ReadonlySet<string> = new Set([
  "a",
  "b",
  "big",
  "code",
  "em",
  "font",
  "i",
  "nobr",
  "s",
  "small",
  "strike",
  "strong",
  "tt",
  "u",
]);

/** The adoption agency algorithm runs at most 8 rounds, each adding an element per reopened one. */
const ADOPTION_ROUNDS = 8;

/** Start tags for which the parser may insert a tbody and a tr (or a colgroup) first. */
const TABLE_CELLS: ReadonlySet<string> = new Set(["col", "td", "th", "tr"]);

/** Once one of these is open, text may be moved out of a table, a few characters at a time. */
const TABLE_PARTS: ReadonlySet<string> = new Set([
  "caption",
  "col",
  "colgroup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
]);

/** Elements whose content is text up to their own end tag, wherever plain HTML puts them. */
const RAW_TEXT_END: ReadonlyMap<string, RegExp> = new Map(
  ["iframe", "noembed", "noframes", "style", "textarea", "title", "xmp"].map((name) => [
    name,
    new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi"),
  ]),
);

/**
 * After these the rest is not plain HTML: script data has escapes of its own, plaintext
 * never ends, noscript depends on scripting, SVG and MathML nest void names, close on `/>`
 * and hide `<` in CDATA, and a select, frameset or template may ignore tags (raw text
 * ones included). Following the parser there would mean writing one; the rest is counted
 * crudely instead.
 */
const PARSED_DIFFERENTLY: ReadonlySet<string> = new Set([
  "frameset",
  "math",
  "noscript",
  "plaintext",
  "script",
  "select",
  "svg",
  "template",
]);

/** Start tags that close an open <p> (no-quirks table is left out: DOMPurify parses in quirks mode). */
const CLOSES_P: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "center",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "listing",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "search",
  "section",
  "summary",
  "ul",
]);

const KEPT: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);

/** The open elements as counted: innermost last, with how many are formatting ones. */
class OpenElements {
  private readonly names: string[] = [];
  formatting = 0;
  removableFormatting = 0;

  get depth(): number {
    return this.names.length;
  }
  get innermost(): string | undefined {
    return this.names[this.names.length - 1];
  }
  push(name: string): void {
    this.names.push(name);
    this.count(name, 1);
  }
  pop(): void {
    const name = this.names.pop();
    if (name !== undefined) this.count(name, -1);
  }
  private count(name: string, by: 1 | -1): void {
    if (!FORMATTING.has(name)) return;
    this.formatting += by;
    if (!KEPT.has(name)) this.removableFormatting += by;
  }
}

/**
 * Unclosed tags stay open and `<span/>` opens a span, as in HTML; an end tag closes only
 * the innermost open element and only when the names match, because the parser ignores
 * many stray end tags and keeps formatting elements to reopen later. The scan stops once
 * the depth passes `stopAboveDepth`, so refusing a deep document costs little.
 */
export function measureHtml(html: string, stopAboveDepth = Number.POSITIVE_INFINITY): HtmlMeasure {
  const open = new OpenElements();
  const measure: HtmlMeasure = { depth: 0, nodes: 0, movesNodes: false };
  // Each node may come with the formatting elements the parser reopens around it.
  const add = (nodes: number) => {
    measure.nodes += nodes * (1 + open.formatting);
    if (open.removableFormatting > 0) measure.movesNodes = true;
  };
  let textStart = 0;
  let inTables = false;
  const addText = (from: number, to: number) => {
    if (to > from) add(inTables ? textTokens(html, from, to) : 1);
  };
  for (let lt = html.indexOf("<"); lt !== -1 && measure.depth <= stopAboveDepth; lt = html.indexOf("<", lt + 1)) {
    const markup = readMarkup(html, lt);
    if (!markup) continue; // a lone '<' is text
    addText(textStart, lt);
    textStart = markup.end;
    lt = markup.end - 1;
    if (markup.kind === "other") {
      measure.nodes += 1; // a comment, which DOMPurify removes
      measure.movesNodes = true;
    } else if (markup.kind === "end") {
      if (open.innermost === markup.name) open.pop();
      else if (FORMATTING.has(markup.name)) {
        add(ADOPTION_ROUNDS);
        measure.movesNodes = true;
      } else if (markup.name === "br" || markup.name === "p") {
        // A stray </br> is read as <br>, a stray </p> as <p></p>.
        add(1);
        measure.depth = Math.max(measure.depth, open.depth + 1);
      }
    } else {
      const { name } = markup;
      if (TABLE_PARTS.has(name)) inTables = true;
      // The parser closes these too, whatever else is open, when they are the innermost.
      if (name === "li" && open.innermost === "li") open.pop();
      if (CLOSES_P.has(name) && open.innermost === "p") open.pop();
      add(TABLE_CELLS.has(name) ? 3 : 1);
      if (!KEPT.has(name)) measure.movesNodes = true;
      measure.depth = Math.max(measure.depth, open.depth + 1);
      if (PARSED_DIFFERENTLY.has(name))
        return countTheRestCrudely(html, markup.end, open.depth + 1, measure, stopAboveDepth);
      const rawTextEnd = RAW_TEXT_END.get(name);
      if (rawTextEnd) {
        // Its text is one node; the element stays a leaf, its end tag closes nothing counted.
        rawTextEnd.lastIndex = markup.end;
        const end = rawTextEnd.test(html) ? rawTextEnd.lastIndex - name.length - 3 : html.length;
        if (end > markup.end) add(1);
        textStart = end;
        lt = end - 1;
      } else if (!VOID_ELEMENTS.has(name)) open.push(name);
    }
  }
  addText(textStart, html.length);
  return measure;
}

/**
 * The parser splits text into runs of whitespace, of NUL and of anything else. Moved out
 * of a table (foster parenting), each run can become a text node of its own.
 */
function textTokens(html: string, from: number, to: number): number {
  let tokens = 0;
  let previous = -1;
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    const kind = c === 0 ? 0 : c === 0x20 || (c >= 0x09 && c <= 0x0d) ? 1 : 2;
    if (kind !== previous) tokens++;
    previous = kind;
  }
  return tokens;
}

/**
 * From `from` on, any `<` and letter may open an element that nothing closes, any
 * element open may be a formatting one, every end tag may run the adoption agency
 * algorithm and any text may be split out of a table.
 */
function countTheRestCrudely(
  html: string,
  from: number,
  depth: number,
  measure: HtmlMeasure,
  stopAboveDepth: number,
): HtmlMeasure {
  measure.movesNodes = true;
  for (let lt = html.indexOf("<", from); lt !== -1 && measure.depth <= stopAboveDepth; lt = html.indexOf("<", lt + 1)) {
    const next = html.charCodeAt(lt + 1);
    if (isAsciiAlpha(next)) {
      depth++;
      measure.depth = Math.max(measure.depth, depth);
    }
    const endTag = next === 0x2f && isAsciiAlpha(html.charCodeAt(lt + 2));
    if (endTag) measure.depth = Math.max(measure.depth, depth + 1);
    // The element, or the comment, with what may be reopened around it.
    measure.nodes += (endTag ? ADOPTION_ROUNDS : 1) * (1 + depth);
  }
  // Depth only grew, so reopening around each piece of text is at most the final depth.
  measure.nodes += textTokens(html, from, html.length) * (1 + depth);
  return measure;
}
