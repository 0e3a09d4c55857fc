/**
 * What the HTML standard's tree builder does with each element, as far as measuring a
 * document needs it (html-measure.ts): which are leaves, which it reopens, which hold
 * raw text, which change its rules.
 */

/** Element names written as one string, separated by whitespace. */
export function elementNames(names: string): ReadonlySet<string> {
  return new Set(names.split(/\s+/).filter(Boolean));
}

/** Elements the parser closes as soon as it opens them. */
export const VOID_ELEMENTS: ReadonlySet<string> = elementNames(`
  area base basefont bgsound br col embed frame hr image img input keygen link
  meta param source track wbr
`);

/** Elements the parser reopens, and runs the adoption agency algorithm for when misnested. */
export const FORMATTING: ReadonlySet<string> = elementNames("a b big code em font i nobr s small strike strong tt u");

/** The adoption agency algorithm runs at most 8 rounds, each adding an element per reopened one. */
export const ADOPTION_ROUNDS = 8;

/** Start tags for which the parser may insert a tbody and a tr (or a colgroup) first. */
export const TABLE_CELLS: ReadonlySet<string> = elementNames("col td th tr");

/** Once one of these is open, text may be moved out of a table, a few characters at a time. */
export const TABLE_PARTS: ReadonlySet<string> = elementNames("caption col colgroup table tbody td tfoot th thead tr");

/** Elements whose content is text up to their own end tag, wherever plain HTML puts them. */
export const RAW_TEXT: ReadonlySet<string> = elementNames("iframe noembed noframes style textarea title xmp");

/**
 * After these the rest is not plain HTML: script data has escapes of its own, plaintext
 * never ends, noscript depends on scripting, SVG and MathML nest void names, close on `/>`
 * and hide `<` in CDATA, and a select, frameset or template may ignore tags (raw text
 * ones included). Following them would mean running the parser's tree construction; the
 * rest is counted crudely instead.
 */
export const PARSED_DIFFERENTLY: ReadonlySet<string> = elementNames(
  "frameset math noscript plaintext script select svg template",
);

/** Start tags that close an open <p> (no-quirks table is left out: DOMPurify parses in quirks mode). */
export const CLOSES_P: ReadonlySet<string> = elementNames(`
  address article aside blockquote center dd details dialog dir div dl dt fieldset
  figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li listing main
  menu nav ol p pre search section summary ul
`);
