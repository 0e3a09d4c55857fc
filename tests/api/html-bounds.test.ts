import createDOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { htmlAsPlainParagraphs } from "../../common/html-as-text";
import {
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_MAX_LENGTH,
  RICH_TEXT_MAX_NODES,
  RICH_TEXT_MAX_NODES_TO_CLEAN,
  richTextBoundsProblem,
} from "../../common/html-bounds";
import { measureHtml } from "../../common/html-measure";
import { RICH_TEXT_TAGS } from "../../common/rich-text-policy";

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
    expect(measureHtml("<p>a <strong>b</strong></p>")).toEqual({ depth: 2, nodes: 5, movesNodes: false });
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

  describe("never reports less than the parser builds or DOMPurify removes", () => {
    const window = new JSDOM("").window;
    const purify = createDOMPurify(window as unknown as WindowLike);
    const parsed = (html: string) => {
      const document = new window.DOMParser().parseFromString(html, "text/html");
      let nodes = 0;
      const depthBelow = (node: Node): number => {
        nodes++;
        // A template keeps its children apart, and DOMPurify sanitises them too.
        const content = node instanceof window.HTMLTemplateElement ? node.content.childNodes : [];
        const children = [...Array.from(node.childNodes, depthBelow), ...Array.from(content, depthBelow)];
        return node.nodeType === window.Node.ELEMENT_NODE ? 1 + Math.max(0, ...children) : Math.max(0, ...children);
      };
      const depth = Math.max(
        0,
        ...[document.head, document.body].flatMap((root) => Array.from(root.childNodes, depthBelow)),
      );
      purify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], KEEP_CONTENT: true });
      // DOMPurify lists the body it was handed among the removed; that one costs nothing.
      const removed = purify.removed.filter((entry) => "element" in entry && entry.element.nodeName !== "BODY");
      return { depth, nodes, movesNodes: removed.length > 0 };
    };
    // Tables are left out of the depth check: the parser adds tbody and tr that no tag asked for.
    const pieces = [
      "<span>",
      "</span>",
      "<b>",
      "</b>",
      "<i class=x>",
      "</i>",
      "<p>",
      "</p>",
      "<li>",
      "</li>",
      "<ul>",
      "</ul>",
      "<div>",
      "</div>",
      "<br>",
      "</br>",
      "<a href=x>",
      "</a>",
      "<!--",
      "-->",
      "--!>",
      "<!-->",
      '"',
      "'",
      ">",
      "=",
      " ",
      "x",
      "y z",
      '<span title="',
      '<span "',
      "<",
      "</",
      "<!",
      "<?",
      "<button>",
      "</button>",
      "<h1>",
      "</h2>",
      "<form>",
      "</form>",
      "<wbr>",
      "<img>",
      "<nobr>",
      "<font color=red>",
      "</font>",
      "/>",
      "<span/>",
      "<em>",
      "</em>",
      "<strong class=y>",
      "</strong>",
      "<SPAN>",
      "</Span>",
      "<hr>",
      "<dd>",
      "<dt>",
      "<object>",
      "</object>",
      "<option>",
      "<select>",
      "</select>",
      "<template>",
      "</template>",
      "<col>",
      "<svg>",
      "</svg>",
      "<style>",
      "</style>",
      "</STYLE >",
      "<textarea>",
      "</textarea>",
      "<title>",
      "</title>",
      "<noscript>",
      "<script>",
      "</script>",
      "<![CDATA[",
      "]]>",
      "<table>",
      "</table>",
      "<td>",
      "<tr>",
      "</td>",
    ];
    let seed = 20_260_301;
    const random = (below: number): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 16) % below;
    };
    const soup = (): string => {
      const snippet = Array.from({ length: 1 + random(8) }, () => pieces[random(pieces.length)]).join("");
      return random(2) ? snippet.repeat(2 + random(30)) : snippet;
    };

    it("on 1,500 random documents of tag soup", { timeout: 60_000 }, () => {
      for (let n = 0; n < 1_500; n++) {
        const html = soup();
        const measured = measureHtml(html);
        const actual = parsed(html);
        const depthBound = /<t[dr]|<table/.test(html) ? 3 * measured.depth + 3 : measured.depth;
        if (actual.depth > depthBound) expect.fail(`depth under-counted in ${JSON.stringify(html)}`);
        if (actual.nodes > measured.nodes) expect.fail(`nodes under-counted in ${JSON.stringify(html)}`);
        if (actual.movesNodes && !measured.movesNodes) expect.fail(`removal missed in ${JSON.stringify(html)}`);
      }
    });
  });
});

describe("richTextBoundsProblem", () => {
  it("accepts content within both bounds", () => {
    expect(richTextBoundsProblem(`${"<span>".repeat(50)}x${"</span>".repeat(50)}`)).toBeNull();
    expect(richTextBoundsProblem("x".repeat(RICH_TEXT_MAX_LENGTH))).toBeNull();
  });

  it("names the length first, then the depth", () => {
    expect(richTextBoundsProblem("<span>".repeat(51))).toBe("is nested too deeply (more than 50 levels)");
    expect(richTextBoundsProblem("<span>".repeat(40_000))).toBe("must be at most 200000 characters");
  });

  it("refuses more nodes than can be sanitised quickly", () => {
    expect(richTextBoundsProblem("x<br>".repeat(RICH_TEXT_MAX_NODES / 2))).toBeNull();
    expect(richTextBoundsProblem("x<br>".repeat(RICH_TEXT_MAX_NODES / 2 + 1))).toBe(
      "has too much markup (more than 60000 elements and texts)",
    );
  });

  it("refuses fewer when DOMPurify would have to remove some, as each removal costs up to all of them", () => {
    expect(richTextBoundsProblem("<hr>".repeat(RICH_TEXT_MAX_NODES_TO_CLEAN))).toBeNull();
    expect(richTextBoundsProblem("<hr>".repeat(RICH_TEXT_MAX_NODES_TO_CLEAN + 1))).toBe(
      "has too much markup to clean (more than 2000 elements and texts, with tags or comments the editor does not make)",
    );
    expect(richTextBoundsProblem("<p>t</p>".repeat(RICH_TEXT_MAX_NODES_TO_CLEAN))).toBeNull();
  });
});

describe("htmlAsPlainParagraphs", () => {
  it("keeps the text and its paragraphs and line breaks, and drops the tags", () => {
    expect(htmlAsPlainParagraphs("<h1>Title</h1><p>One <b>bold</b><br>two</p><ul><li>a</li><li>b</li></ul>")).toBe(
      "<p>Title</p><p>One bold<br>two</p><p>a</p><p>b</p>",
    );
    expect(htmlAsPlainParagraphs("Line one\n  spread\n\nSecond paragraph")).toBe(
      "<p>Line one spread</p><p>Second paragraph</p>",
    );
  });

  it("escapes the text, keeping character references as they read", () => {
    expect(htmlAsPlainParagraphs('<p>a < b & c &amp; d &lt;script&gt; "q"</p>')).toBe(
      '<p>a &lt; b &amp; c &amp; d &lt;script&gt; "q"</p>',
    );
    expect(htmlAsPlainParagraphs('<p title="<script>alert(1)</script>">x</p><!-- <img onerror=y> -->')).toBe(
      "<p>x</p>",
    );
  });

  it("turns 2,000 levels of markup into its text, quickly", FAST, () => {
    expect(htmlAsPlainParagraphs(`<p>${"<span>".repeat(2_000)}deep${"</span>".repeat(2_000)}</p>`)).toBe("<p>deep</p>");
  });

  it("shows at most the length cap", () => {
    expect(htmlAsPlainParagraphs("x".repeat(RICH_TEXT_MAX_LENGTH + 10))).toBe(
      `<p>${"x".repeat(RICH_TEXT_MAX_LENGTH)}</p>`,
    );
  });
});
