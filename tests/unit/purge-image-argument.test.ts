import { describe, expect, it } from "vitest";
import { parseImageArgument } from "../../api/ops/purge-image";

/** What `npm run admin -- purge-image ID` takes as ID (docs/operations.md). */
const ID = "3q2-7wEAAAAAAAAAAAAAAA";

describe("purge-image's ID", () => {
  it("is a stored image's id, its path or an address of it (any width), or a gallery image's number", () => {
    for (const given of [
      ID,
      `/objects/images/${ID}`,
      `https://dads.example.org/objects/images/${ID}?w=480`,
      ` ${ID} `,
    ]) {
      expect(parseImageArgument(given), given).toEqual({ imageId: ID });
    }
    expect(parseImageArgument("42")).toEqual({ galleryId: 42 });
  });

  it("refuses anything else in words", () => {
    for (const given of ["", "../etc/passwd", "/objects/images/short", `/objects/images/${ID}/x`, "-1"]) {
      expect(() => parseImageArgument(given), given).toThrow(/names no image/);
    }
  });
});
