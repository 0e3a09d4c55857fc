import { describe, expect, it } from "vitest";
import { htmlAsPlainParagraphs } from "../../common/html-as-text";
import {
  RICH_TEXT_MAX_ATTRIBUTES,
  RICH_TEXT_MAX_LENGTH,
  RICH_TEXT_MAX_NODES,
  RICH_TEXT_MAX_NODES_TO_CLEAN,
  richTextBoundsProblem,
} from "../../common/html-bounds";

const FAST = { timeout: 5_000 };

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

describe("richTextBoundsProblem on attributes", () => {
  const tag = (attributes: string) => `<a${attributes}>x</a>`;
  it("counts a tag's attributes however they are separated, and refuses more than the bound", () => {
    const spaced = (count: number) => " b".repeat(count);
    expect(richTextBoundsProblem(tag(spaced(RICH_TEXT_MAX_ATTRIBUTES)))).toBeNull();
    expect(richTextBoundsProblem(tag(spaced(RICH_TEXT_MAX_ATTRIBUTES + 1)))).toBe(
      "has a tag with too many attributes (more than 100)",
    );
    expect(richTextBoundsProblem(tag(" b" + "/c".repeat(RICH_TEXT_MAX_ATTRIBUTES)))).toBe(
      "has a tag with too many attributes (more than 100)",
    );
  });

  it("counts them past the point where the scan gives up on the tokens, too", () => {
    expect(richTextBoundsProblem(`<math></math>${tag("/b".repeat(RICH_TEXT_MAX_ATTRIBUTES + 1))}`)).toBe(
      "has a tag with too many attributes (more than 100)",
    );
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
