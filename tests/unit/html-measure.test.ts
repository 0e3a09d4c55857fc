import { describe, expect, it } from "vitest";
import { htmlAsPlainParagraphs } from "../../common/html-as-text";
import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_LENGTH } from "../../common/html-bounds";
import { measureHtml } from "../../common/html-measure";

const FAST = { timeout: 5_000 };
const htmlNestingDepth = (html: string) => measureHtml(html).depth;

describe("measureHtml: depth", () => {
  it.each([
    ["", 0],
    ["plain text", 0],
    ["<p>a</p><p>b</p>", 1],
    ["<p><strong><em>x</em></strong></p>", 3],
    ['<ul><li>a</li><li>b <a href="/x">c</a></li></ul>', 3],
  ])("%j is %i deep", (html, depth) => {
    expect(htmlNestingDepth(html)).toBe(depth);
  });

  it("counts void elements as leaves that nothing nests in", () => {
    expect(htmlNestingDepth("<p>a<br>b<br>c<br><img src=x><hr><wbr></p>")).toBe(2);
    expect(htmlNestingDepth("<br><br><br>")).toBe(1);
    // A stray </br> is a <br> to the parser.
    expect(htmlNestingDepth("<p></br></br></p>")).toBe(2);
  });

  it("reads self-closing syntax as HTML does: it closes voids only", () => {
    expect(htmlNestingDepth("<p>a<br/>b<br />c</p>")).toBe(2);
    expect(htmlNestingDepth("<span/><span/><span/>x")).toBe(3);
  });

  it("skips comments, including their odd endings, and counts what follows them", () => {
    expect(htmlNestingDepth("<p><!-- <span><span><span> --></p>")).toBe(1);
    expect(htmlNestingDepth("<!--><span><span>x")).toBe(2);
    expect(htmlNestingDepth("<!---><span><span>x")).toBe(2);
    expect(htmlNestingDepth("<!-- a --!><span><span>x")).toBe(2);
    expect(htmlNestingDepth("<!-- a -- > <span> still a comment")).toBe(0);
    expect(htmlNestingDepth("<!DOCTYPE html><?xml x?><span>x</span>")).toBe(1);
  });

  it("is not fooled by a > or a tag inside quoted attribute values", () => {
    expect(htmlNestingDepth("<span title=\"a > b\"><span title='<span>'>x</span></span>")).toBe(2);
    expect(htmlNestingDepth('<span title="x>">'.repeat(3))).toBe(3);
    // A quote that does not follow "=" is part of a name and hides nothing.
    expect(htmlNestingDepth('<span "><span "><span>')).toBe(3);
  });

  it("reads <span<span> as the single element a parser makes of it, and counts every one", () => {
    expect(htmlNestingDepth("<span<span>x")).toBe(1);
    expect(htmlNestingDepth("<span<span><span<span>x")).toBe(2);
    expect(htmlNestingDepth("<span a<span><span a<span>x")).toBe(2);
  });

  it("keeps unclosed tags open, and closes only the innermost element on a matching end tag", () => {
    expect(htmlNestingDepth("<span><span><span>x")).toBe(3);
    expect(htmlNestingDepth("<div><b></div><div><b></div><div><b></div>")).toBe(6);
    expect(htmlNestingDepth("<SPAN><Span>x</span></SPAN><span>y</span>")).toBe(2);
    expect(htmlNestingDepth("<span>x</em></span>")).toBe(1);
  });

  it("lets p and li close as the parser closes them", () => {
    expect(htmlNestingDepth("<p>a<p>b<p>c<div>d</div>")).toBe(1);
    expect(htmlNestingDepth("<ul><li>a<li>b<li>c</ul>")).toBe(2);
  });

  it("matches names without regard to ASCII case, as the tokenizer does", () => {
    expect(htmlNestingDepth("<P>a<BR>b<Img SRC=x></p>")).toBe(2);
    // U+212A KELVIN SIGN lower-cases to "k" in JavaScript, yet </blin\u212A> closes no <blink>.
    expect(htmlNestingDepth("<blink>x</blin\u212A>".repeat(3))).toBe(3);
  });

  it("reads style, textarea and the like as text up to their own end tag", () => {
    expect(htmlNestingDepth("<p><style><span><span></style >x</p>")).toBe(2);
    expect(htmlNestingDepth("<textarea><!--</textarea><span><span>-->")).toBe(2);
    expect(htmlNestingDepth('<title><span title="</title><span><span>">')).toBe(2);
  });

  it("counts every later tag as opening, where the parser changes its rules (script, SVG, select)", () => {
    expect(htmlNestingDepth("<script><!--<script></script><span></script>")).toBe(4);
    expect(htmlNestingDepth("<svg><wbr><wbr><wbr>")).toBe(4);
    expect(htmlNestingDepth("<select><title><span><span></title>")).toBe(5);
  });

  it("measures a 2,000-deep document, and stops early when asked", FAST, () => {
    const deep = `${"<span>".repeat(2_000)}x${"</span>".repeat(2_000)}`;
    expect(htmlNestingDepth(deep)).toBe(2_000);
    expect(measureHtml(deep, RICH_TEXT_MAX_DEPTH).depth).toBe(RICH_TEXT_MAX_DEPTH + 1);
  });

  it("takes linear time on input built to make a scanner backtrack", FAST, () => {
    const size = RICH_TEXT_MAX_LENGTH;
    for (const hostile of [
      "<".repeat(size),
      "<a b".repeat(size / 4),
      "<!--".repeat(size / 4),
      '<a title="'.repeat(size / 10),
      "</x".repeat(size / 3),
      "<!x".repeat(size / 3),
      "<p>".repeat(size / 3),
      "<textarea>".repeat(size / 10),
    ]) {
      expect(htmlNestingDepth(hostile)).toBeGreaterThanOrEqual(0);
      expect(htmlAsPlainParagraphs(hostile)).toBeTypeOf("string");
    }
  });
});

describe("measureHtml: nodes and whether anything is moved", () => {
  it("counts elements and texts, and the formatting elements the parser reopens", () => {
    expect(measureHtml("<p>a <strong>b</strong></p>")).toEqual({
      depth: 2,
      nodes: 5,
      movesNodes: false,
      mostAttributes: 0,
    });
    const reopened = measureHtml(`<p><strong><em></p>${"<p>t</p>".repeat(10)}`);
    expect(reopened.nodes).toBeGreaterThanOrEqual(3 + 10 * (2 + 2));
  });

  it("sees nothing to move in what the editor makes", () => {
    const editor =
      '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em>, <u>u</u>, <s>s</s> and <a href="https://example.org" target="_blank" rel="noopener">a link</a>.<br>Next line</p><ol><li><p>one</p></li></ol><ul><li><p><span style="font-family: serif">two</span></p></li></ul>';
    expect(measureHtml(editor).movesNodes).toBe(false);
  });

  it.each([
    ["a tag the editor does not make", "<p><b>x</b></p>"],
    ["a void one", "<p>x<hr></p>"],
    ["a comment", "<p>x<!-- y --></p>"],
    ["a misnested formatting end tag", "<strong><p>x</strong>y</p>"],
    ["raw text", "<style>p {}</style>"],
  ])("sees something to move in %s", (_what, html) => {
    expect(measureHtml(html).movesNodes).toBe(true);
  });
});
