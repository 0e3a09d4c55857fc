import createDOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { measureHtml } from "../../common/html-measure";
import { RICH_TEXT_TAGS } from "../../common/rich-text-policy";

describe("measureHtml never reports less than the parser builds or DOMPurify removes", () => {
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
