import { describe, expect, it } from "vitest";
import { htmlExcerpt, plainExcerpt } from "../../common/html-excerpt";

describe("an item's first 150 characters for an e-mail", () => {
  it("drops the tags, decodes references and parts paragraphs", () => {
    expect(
      htmlExcerpt("<h2>Sports day</h2><p>Bring <strong>hat</strong>s &amp; water.</p><p>See you<br>there</p>"),
    ).toBe("Sports day Bring hats & water. See you there");
  });

  it("cuts a long text at a word with an ellipsis", () => {
    const words = "alpha beta gamma delta ".repeat(20);
    const excerpt = htmlExcerpt(`<p>${words}</p>`);
    expect(excerpt.length).toBeLessThanOrEqual(151);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(
      excerpt
        .slice(0, -1)
        .split(" ")
        .every((w) => ["alpha", "beta", "gamma", "delta"].includes(w)),
    ).toBe(true);
  });

  it("keeps plain text as one line", () => {
    expect(plainExcerpt("Meet at the gate.\n\nBring boots.")).toBe("Meet at the gate. Bring boots.");
  });
});
