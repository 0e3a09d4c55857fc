import { describe, expect, it } from "vitest";
import { captionsPath, readAddedNames, readCaptionsQuery } from "~/lib/uploads/batch";

/**
 * The captions screen names each photo's file (docs/product.md, 'Photos'): the names ride in
 * its address beside the ids, in the same order, shortened and bounded so the address stays short.
 */
const ORIGIN = "http://localhost:3000";

describe("the file names carried to the captions screen", () => {
  it("come back beside their ids, in order", () => {
    const url = new URL(captionsPath([7, 9], [], ["IMG_2041.JPG", "Sports day & race.png"]), ORIGIN);
    const { ids } = readCaptionsQuery(url);
    expect([...readAddedNames(url, ids)]).toEqual([
      [7, "IMG_2041.JPG"],
      [9, "Sports day & race.png"],
    ]);
  });

  it("are shortened, kept apart, and bounded in all, the rest shown without a name", () => {
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const names = ids.map((id) => `${id}/${"ü".repeat(200)}`);
    const path = captionsPath(ids, [], names);
    const url = new URL(path, ORIGIN);
    const carried = readAddedNames(url, readCaptionsQuery(url).ids);
    expect(carried.get(1)).toBe(`1_${"ü".repeat(58)}`);
    const named = [...carried.values()].filter(Boolean);
    expect(named.length).toBeLessThan(50);
    expect(named.length).toBeGreaterThan(0);
    expect(carried.get(50)).toBe("");
    // The address as written, percent-encoding and all.
    expect(encodeURIComponent(url.searchParams.get("names") ?? "").length).toBeLessThanOrEqual(3000);
  });

  it("are none when the address has none", () => {
    const url = new URL("/admin/gallery/captions?ids=3.4", ORIGIN);
    expect([...readAddedNames(url, [3, 4]).values()]).toEqual(["", ""]);
  });
});
