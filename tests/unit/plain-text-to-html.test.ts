import { describe, expect, it } from "vitest";
import { contentFromTextarea } from "../../common/plain-text-to-html";

describe("the news content typed without the editor", () => {
  it("makes paragraphs at blank lines and line breaks at single newlines", () => {
    expect(contentFromTextarea("First paragraph.\n\nSecond one,\nwith a second line.")).toBe(
      "<p>First paragraph.</p><p>Second one,<br>with a second line.</p>",
    );
  });

  it("reads a textarea's CRLF line ends, blank lines holding spaces and runs of blank lines", () => {
    expect(contentFromTextarea("One\r\n\r\nTwo\r\nlines")).toBe("<p>One</p><p>Two<br>lines</p>");
    expect(contentFromTextarea("  One  \n \t \n\n\nTwo\n")).toBe("<p>One</p><p>Two</p>");
  });

  it("escapes what would otherwise be markup, and keeps typed entities as typed", () => {
    expect(contentFromTextarea(`Fish & chips for 1 < 2 > 0 "dads" at Tom's`)).toBe(
      "<p>Fish &amp; chips for 1 &lt; 2 &gt; 0 &quot;dads&quot; at Tom&#39;s</p>",
    );
    expect(contentFromTextarea("I <3 the club &amp; co")).toBe("<p>I &lt;3 the club &amp;amp; co</p>");
    // A tag cut off by the end of the text is not a tag: a browser would drop it.
    expect(contentFromTextarea("if x <y")).toBe("<p>if x &lt;y</p>");
    expect(contentFromTextarea('see <a href="x>')).toBe("<p>see &lt;a href=&quot;x&gt;</p>");
    expect(contentFromTextarea("<!-- not a tag -->")).toBe("<p>&lt;!-- not a tag --&gt;</p>");
  });

  it("keeps content that holds a tag exactly as posted: the editor's HTML or typed HTML", () => {
    const fromEditor =
      '<h1>Big news</h1><p>Well done to <strong>every runner</strong>. <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/results">Full results</a></p>';
    expect(contentFromTextarea(fromEditor)).toBe(fromEditor);
    const typed = "Hello <b>dads</b>\n\nsee you & yours";
    expect(contentFromTextarea(typed)).toBe(typed);
    expect(contentFromTextarea("line one<br>line two")).toBe("line one<br>line two");
  });

  it("tells text from HTML in linear time, however many tags are left open", () => {
    for (const unit of ["<a b", "<!--", '<a title="']) {
      const text = unit.repeat(200_000 / unit.length);
      const started = performance.now();
      expect(contentFromTextarea(text)).toMatch(/^<p>&lt;/);
      // Linear, tens of milliseconds; reading on from every '<' again took half a minute.
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  it("turns empty or blank text into no content", () => {
    expect(contentFromTextarea("")).toBe("");
    expect(contentFromTextarea(" \n\n \r\n")).toBe("");
  });
});
