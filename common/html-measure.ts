import {
  ADOPTION_ROUNDS,
  CLOSES_P,
  FORMATTING,
  PARSED_DIFFERENTLY,
  RAW_TEXT,
  TABLE_CELLS,
  TABLE_PARTS,
  VOID_ELEMENTS,
} from "./html-elements";
import { readHtml } from "./html-tokens";
import { RICH_TEXT_TAGS } from "./rich-text-policy";

/**
 * What a parser and DOMPurify would have to do with a piece of HTML, estimated in one
 * linear pass over the parser's own tokens (html-tokens.ts) without building a DOM, and
 * never underestimated:
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
  /** The most attributes any one tag was written with. */
  mostAttributes: number;
}

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
  const measure: HtmlMeasure = { depth: 0, nodes: 0, movesNodes: false, mostAttributes: 0 };
  // Each node may come with the formatting elements the parser reopens around it.
  const add = (nodes: number) => {
    measure.nodes += nodes * (1 + open.formatting);
    if (open.removableFormatting > 0) measure.movesNodes = true;
  };
  let inTables = false;
  // The runs of text since the last tag or comment, and whether they are a raw text element's.
  let runs = 0;
  let rawText = false;
  const endText = () => {
    // Moved out of a table (foster parenting), each run can become a text node of its own.
    if (runs > 0) add(inTables && !rawText ? runs : 1);
    runs = 0;
    rawText = false;
  };
  // Where the rest is counted crudely (after a tag in PARSED_DIFFERENTLY), and from what depth.
  let crudelyFrom = -1;
  let crudeDepth = 0;
  readHtml(html, (token, reading) => {
    if (token.kind === "text") {
      runs++;
      return;
    }
    endText();
    if (token.kind !== "comment") measure.mostAttributes = Math.max(measure.mostAttributes, token.attributes);
    if (token.kind === "comment") {
      measure.nodes += 1; // which DOMPurify removes
      measure.movesNodes = true;
    } else if (token.kind === "end") {
      if (open.innermost === token.name) open.pop();
      else if (FORMATTING.has(token.name)) {
        add(ADOPTION_ROUNDS);
        measure.movesNodes = true;
      } else if (token.name === "br" || token.name === "p") {
        // A stray </br> is read as <br>, a stray </p> as <p></p>.
        add(1);
        measure.depth = Math.max(measure.depth, open.depth + 1);
      }
    } else {
      const { name } = token;
      if (TABLE_PARTS.has(name)) inTables = true;
      // The parser closes these too, whatever else is open, when they are the innermost.
      if (name === "li" && open.innermost === "li") open.pop();
      if (CLOSES_P.has(name) && open.innermost === "p") open.pop();
      add(TABLE_CELLS.has(name) ? 3 : 1);
      if (!KEPT.has(name)) measure.movesNodes = true;
      measure.depth = Math.max(measure.depth, open.depth + 1);
      if (PARSED_DIFFERENTLY.has(name)) {
        crudelyFrom = token.end;
        crudeDepth = open.depth + 1;
        reading.stop();
      } else if (RAW_TEXT.has(name)) {
        // Its text is one node; the element stays a leaf, its end tag closes nothing counted.
        reading.readAsText();
        rawText = true;
      } else if (!VOID_ELEMENTS.has(name)) open.push(name);
    }
    if (measure.depth > stopAboveDepth) reading.stop();
  });
  if (crudelyFrom !== -1) return countTheRestCrudely(html, crudelyFrom, crudeDepth, measure, stopAboveDepth);
  endText();
  return measure;
}

/** The parser splits text into runs of whitespace, of NUL and of anything else. */
function textRuns(html: string, from: number, to: number): number {
  let runs = 0;
  let previous = -1;
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    const kind = c === 0 ? 0 : c === 0x20 || (c >= 0x09 && c <= 0x0d) ? 1 : 2;
    if (kind !== previous) runs++;
    previous = kind;
  }
  return runs;
}

/**
 * At most how many attributes any one tag from `from` on can have: each comes after
 * whitespace or a `/` (`<a/b/c>` has two), so their count in the whole rest bounds it.
 */
function attributeSeparators(html: string, from: number): number {
  let separators = 0;
  let previousWasSpace = false;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    const space = c === 0x20 || (c >= 0x09 && c <= 0x0d);
    if (c === 0x2f || (space && !previousWasSpace)) separators++;
    previousWasSpace = space;
  }
  return separators;
}

const isAsciiAlpha = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * From `from` on, any `<` and letter may open an element that nothing closes, any
 * element open may be a formatting one, every end tag may run the adoption agency
 * algorithm and any text may be split out of a table. No tokenizer here: what is text
 * and what is a tag now depends on the parser's state, so every `<` counts.
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
  measure.nodes += textRuns(html, from, html.length) * (1 + depth);
  measure.mostAttributes = Math.max(measure.mostAttributes, attributeSeparators(html, from));
  return measure;
}
