import { createRequire } from "node:module";
import type * as Parse5 from "parse5";

/**
 * HTML read token by token by parse5's tokenizer, the one jsdom's parser (and so
 * DOMPurify's) runs, without building a DOM: what a scan built on it sees as a tag, a
 * comment or text is exactly what the parser will see (`<span<span>` is one tag named
 * "span<span", a `>` inside a quoted value ends nothing, `<!-->` is a whole comment, a
 * tag cut off by the end of the text is dropped). The tokenizer moves forward only, so a
 * scan is linear in the length of the text.
 */
export type HtmlToken =
  /**
   * A start or end tag; the name lower-cased in ASCII only, as the parser compares names.
   * `end` is the offset after its `>`; `attributes`, how many it was written with.
   */
  | { kind: "start" | "end"; name: string; end: number; attributes: number }
  /** A comment, a bogus comment (`<?…>`, `</1…>`, `<![CDATA[…>` outside SVG) or a DOCTYPE. */
  | { kind: "comment" }
  /**
   * A run of text as the parser splits it (whitespace, NULs, anything else: each run may
   * become a text node of its own), character references decoded.
   */
  | { kind: "text"; chars: string };

/** What the scan may ask of the tokenizer from within a token's callback. */
export interface Reading {
  /**
   * Reads what follows the start tag just seen as text up to its own end tag, as the
   * parser does after <style>, <textarea>, <xmp> and the like.
   */
  readAsText(): void;
  /** Reads no further. */
  stop(): void;
}

/** Elements whose text may hold character references (RCDATA); the others' is raw. */
const ESCAPABLE_TEXT: ReadonlySet<string> = new Set(["textarea", "title"]);

const COMMENT: HtmlToken = { kind: "comment" };

/** parse5's tokenizer, counting the attributes of the tag it is reading instead of keeping them. */
type CountingTokenizer = Parse5.Tokenizer & { attributes: number };
type Scanner = {
  parse5: typeof Parse5;
  Tokenizer: new (...args: ConstructorParameters<typeof Parse5.Tokenizer>) => CountingTokenizer;
};
let scanner: Scanner | undefined;

/**
 * parse5 is loaded on first use, with require as jsdom loads it: nothing at start-up (it
 * adds about 10 MB), and one copy in memory with jsdom's once news is sanitised.
 *
 * Its tokenizer keeps no attributes here: parse5 checks each new attribute name against
 * every earlier one of the tag, which is quadratic in a tag's attributes (200,000
 * characters of them took five seconds). The scan needs only how many there are.
 */
function loadScanner(): Scanner {
  if (scanner) return scanner;
  const parse5 = createRequire(import.meta.url)("parse5") as typeof Parse5;
  class TokenizerWithoutAttributes extends parse5.Tokenizer {
    attributes = 0;
    protected override _leaveAttrName(): void {
      // The name (and then the value) is read and dropped.
      this.attributes++;
    }
  }
  return (scanner = { parse5, Tokenizer: TokenizerWithoutAttributes });
}

/** Hands each token of `html` to `onToken`, in order, until the end or until stopped. */
export function readHtml(html: string, onToken: (token: HtmlToken, reading: Reading) => void): void {
  const { parse5, Tokenizer } = loadScanner();
  const { RCDATA, RAWTEXT } = parse5.TokenizerMode;
  const reading: Reading = {
    readAsText() {
      tokenizer.state = ESCAPABLE_TEXT.has(tokenizer.lastStartTagName) ? RCDATA : RAWTEXT;
    },
    stop() {
      tokenizer.pause();
    },
  };
  const tag = (kind: "start" | "end") => (token: Parse5.Token.TagToken) => {
    const { attributes } = tokenizer;
    tokenizer.attributes = 0;
    onToken({ kind, name: token.tagName, end: token.location?.endOffset ?? html.length, attributes }, reading);
  };
  const text = (token: Parse5.Token.CharacterToken) => onToken({ kind: "text", chars: token.chars }, reading);
  const comment = () => onToken(COMMENT, reading);
  // Locations only for the offset after a tag; the rest of the tokenizer runs as jsdom runs it.
  const tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag: tag("start"),
      onEndTag: tag("end"),
      onComment: comment,
      onDoctype: comment,
      onCharacter: text,
      onWhitespaceCharacter: text,
      onNullCharacter: text,
      onEof: () => undefined,
    },
  );
  tokenizer.write(html, true);
}
