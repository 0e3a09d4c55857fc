import { describe, expect, it } from "vitest";
import { readHtml, type HtmlToken } from "../../common/html-tokens";

/** The tokens of `html`, reading the text of the elements named in `asText` as the parser does. */
function tokens(html: string, asText: string[] = [], stopAt?: string): HtmlToken[] {
  const read: HtmlToken[] = [];
  readHtml(html, (token, reading) => {
    read.push(token);
    if (token.kind !== "start") return;
    if (asText.includes(token.name)) reading.readAsText();
    if (token.name === stopAt) reading.stop();
  });
  return read;
}

describe("readHtml", () => {
  it("reads tags, comments and text as the parser's tokenizer does", () => {
    expect(tokens('<P title="a>b">x</p><!-- <i> --><?php ?><span<span>')).toEqual([
      { kind: "start", name: "p", end: 15, attributes: 1 },
      { kind: "text", chars: "x" },
      { kind: "end", name: "p", end: 20, attributes: 0 },
      { kind: "comment" },
      { kind: "comment" },
      { kind: "start", name: "span<span", end: 51, attributes: 0 },
    ]);
  });

  it("splits text where the parser does, decodes references and drops a tag cut off by the end", () => {
    const texts = ["a", " ", "&", "\0", "b", " "].map((chars) => ({ kind: "text", chars }));
    expect(tokens("a &amp;\0b <i")).toEqual(texts);
  });

  it("reads an element's content as text up to its own end tag when asked", () => {
    expect(tokens("<style><b></styles></STYLE ><b>", ["style"])).toEqual([
      { kind: "start", name: "style", end: 7, attributes: 0 },
      { kind: "text", chars: "<b></styles>" },
      { kind: "end", name: "style", end: 28, attributes: 0 },
      { kind: "start", name: "b", end: 31, attributes: 0 },
    ]);
    expect(tokens("<title>&lt;b&gt;</title>", ["title"])[1]).toEqual({ kind: "text", chars: "<b>" });
  });

  it("counts each tag's attributes however they are written (c=d/e is one), a repeated name too", () => {
    const counts = tokens('<a href="x" b c=d/e f  =  "g"><br/><i a a a></i  x>').map((token) =>
      token.kind === "start" || token.kind === "end" ? token.attributes : null,
    );
    expect(counts).toEqual([4, 0, 3, 1]);
  });

  it("reads no further once stopped", () => {
    expect(tokens("<p>a<br>b</p>", [], "br").map((token) => token.kind)).toEqual(["start", "text", "start"]);
  });

  it("reads a tag with tens of thousands of attributes in linear time", () => {
    const attributes = Array.from({ length: 30_000 }, (_, i) => `a${i.toString(36)}`).join(" ");
    const started = performance.now();
    expect(tokens(`<p ${attributes}>x`).map((token) => token.kind)).toEqual(["start", "text"]);
    // Linear, a few milliseconds; comparing each name with every earlier one took seconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
