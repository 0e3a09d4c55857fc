/**
 * Just enough of the HTML tokenizer (WHATWG "data state") to find where each tag,
 * comment or declaration ends, without building a DOM. It follows the standard's
 * states rather than a regular expression so that it cannot be led astray where a
 * browser would not be: `<span<span>` is one tag named "span<span", a `>` inside a
 * quoted attribute value does not end the tag, a quote that does not follow `=` starts
 * nothing, and `<!-->` or `--!>` end a comment. Every function moves forward only, so
 * a scan built on them is linear in the length of the text.
 */

export type Markup = { kind: "start" | "end"; name: string; end: number } | { kind: "other"; end: number };

const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const DASH = 0x2d;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;

const isSpace = (c: number) => c === TAB || c === LF || c === FF || c === CR || c === SPACE;
export const isAsciiAlpha = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * Tag names are compared as the tokenizer sees them: only ASCII letters are folded.
 * String.prototype.toLowerCase folds more (the Kelvin sign becomes "k"), which could
 * make two names the parser keeps apart look alike.
 */
function asciiLower(name: string): string {
  return /[A-Z]/.test(name) ? name.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32)) : name;
}

/** Reads the markup starting at html[lt] === '<', or null when that '<' is plain text. */
export function readMarkup(html: string, lt: number): Markup | null {
  const next = html.charCodeAt(lt + 1);
  if (isAsciiAlpha(next)) return readTag(html, lt + 1, "start");
  if (next === SLASH) {
    const after = html.charCodeAt(lt + 2);
    if (isAsciiAlpha(after)) return readTag(html, lt + 2, "end");
    if (after === GT) return { kind: "other", end: lt + 3 };
    return { kind: "other", end: bogusCommentEnd(html, lt + 2) };
  }
  if (next === BANG) {
    if (html.startsWith("--", lt + 2)) return { kind: "other", end: commentEnd(html, lt + 4) };
    return { kind: "other", end: bogusCommentEnd(html, lt + 2) };
  }
  if (next === QUESTION) return { kind: "other", end: bogusCommentEnd(html, lt + 1) };
  return null;
}

/** DOCTYPEs and bogus comments (`<?…>`, `</1…>`, `<![CDATA[…>` outside SVG) end at the first `>`. */
function bogusCommentEnd(html: string, from: number): number {
  const gt = html.indexOf(">", from);
  return gt === -1 ? html.length : gt + 1;
}

/**
 * A comment whose text starts at `from` ends at `>` right away (`<!-->`), after one dash
 * (`<!--->`), or at the first `-->` or `--!>` inside it; unclosed, it runs to the end.
 */
function commentEnd(html: string, from: number): number {
  if (html.charCodeAt(from) === GT) return from + 1;
  if (html.charCodeAt(from) === DASH && html.charCodeAt(from + 1) === GT) return from + 2;
  for (let i = from; i < html.length; i++) {
    if (html.charCodeAt(i) !== GT) continue;
    const bang = html.charCodeAt(i - 1) === BANG ? 1 : 0;
    if (i - 2 - bang >= from && html.charCodeAt(i - 1 - bang) === DASH && html.charCodeAt(i - 2 - bang) === DASH) {
      return i + 1;
    }
  }
  return html.length;
}

enum TagState {
  Name,
  BeforeAttributeName,
  AttributeName,
  AfterAttributeName,
  BeforeAttributeValue,
  UnquotedValue,
  AfterQuotedValue,
  SelfClosing,
}

/**
 * A start or end tag whose name starts at `from`. A tag cut off by the end of the text
 * is still reported (the parser drops it; counting it can only overestimate).
 */
function readTag(html: string, from: number, kind: "start" | "end"): Markup {
  let state = TagState.Name;
  let nameEnd = -1;
  let i = from;
  for (; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (state === TagState.Name) {
      if (isSpace(c) || c === SLASH || c === GT) {
        nameEnd = i;
        state = TagState.BeforeAttributeName;
      } else continue;
    }
    switch (state) {
      case TagState.BeforeAttributeName:
        if (c === GT) return tag(html, kind, from, nameEnd, i + 1);
        if (c === SLASH) state = TagState.SelfClosing;
        else if (!isSpace(c)) state = TagState.AttributeName; // even "=" starts a name here
        break;
      case TagState.AttributeName:
        if (c === GT) return tag(html, kind, from, nameEnd, i + 1);
        if (c === EQUALS) state = TagState.BeforeAttributeValue;
        else if (c === SLASH) state = TagState.SelfClosing;
        else if (isSpace(c)) state = TagState.AfterAttributeName;
        break;
      case TagState.AfterAttributeName:
        if (c === GT) return tag(html, kind, from, nameEnd, i + 1);
        if (c === EQUALS) state = TagState.BeforeAttributeValue;
        else if (c === SLASH) state = TagState.SelfClosing;
        else if (!isSpace(c)) state = TagState.AttributeName;
        break;
      case TagState.BeforeAttributeValue:
        if (c === GT) return tag(html, kind, from, nameEnd, i + 1);
        if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
          const close = html.indexOf(c === DOUBLE_QUOTE ? '"' : "'", i + 1);
          if (close === -1) return tag(html, kind, from, nameEnd, html.length);
          i = close;
          state = TagState.AfterQuotedValue;
        } else if (!isSpace(c)) state = TagState.UnquotedValue;
        break;
      case TagState.UnquotedValue:
        if (c === GT) return tag(html, kind, from, nameEnd, i + 1);
        if (isSpace(c)) state = TagState.BeforeAttributeName;
        break;
      case TagState.AfterQuotedValue:
      case TagState.SelfClosing:
        if (c === GT) return tag(html, kind, from, nameEnd, i + 1);
        if (c === SLASH) state = TagState.SelfClosing;
        else if (isSpace(c)) state = TagState.BeforeAttributeName;
        else state = TagState.AttributeName;
        break;
    }
  }
  return tag(html, kind, from, nameEnd === -1 ? html.length : nameEnd, html.length);
}

function tag(html: string, kind: "start" | "end", from: number, nameEnd: number, end: number): Markup {
  return { kind, name: asciiLower(html.slice(from, nameEnd)), end };
}
