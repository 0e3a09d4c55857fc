import { describe, expect, it } from "vitest";
import { editDistance } from "../../common/edit-distance";
import { markedHtml } from "../../api/store/search-marks";
import { storeQuery } from "../../api/store/search-query";
import { wordsOf } from "../../api/store/search-words";

describe("edit distance", () => {
  it("counts the letters added, removed or changed", () => {
    expect(editDistance("halowen", "halloween")).toBe(2);
    expect(editDistance("pumpkn", "pumpkin")).toBe(1);
    expect(editDistance("bike", "bike")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("gives up past the most it is asked about", () => {
    expect(editDistance("stargazing", "kite", 2)).toBe(3);
    expect(editDistance("abcdef", "uvwxyz", 1)).toBe(2);
  });
});

describe("the words a text adds to the suggestions", () => {
  it("keeps each word of three letters or more once, lower case, with its first spelling", () => {
    expect([...wordsOf(["Halloween disco", "the halloween party, at 7"])]).toEqual([
      ["halloween", "Halloween"],
      ["disco", "disco"],
      ["the", "the"],
      ["party", "party"],
    ]);
  });
});

describe("a query as the stores match it", () => {
  it("quotes every word for FTS5 and matches a short query as a word's start", () => {
    expect(storeQuery('bike "ride" OR -helmet*')?.fts5).toBe('"bike" "ride" "helmet"');
    expect(storeQuery("bi")?.fts5).toBe('"bi"*');
    expect(storeQuery("?!")).toBeNull();
    expect(storeQuery("the bike and the ride")?.fts5).toBe('"bike" "ride"');
    expect(storeQuery("the")).toBeNull();
  });
});

describe("snippets", () => {
  it("escape the text and turn only the stores' marks into <mark>", () => {
    expect(markedHtml("a <b>&\uE000word\uE001\n  end")).toBe("a &lt;b&gt;&amp;<mark>word</mark> end");
  });
});
