import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idListQuery } from "../../api/http/lib/validation";

/** The one `?ids=` parser of the /api's list calls (api/http/lib/validation.ts). */
const query = (max: number, separator?: "," | ".") =>
  z.object({ ids: idListQuery(max, "must be a few ids", separator) });

const problemOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe("idListQuery", () => {
  it("answers each id once, in the order first asked", () => {
    expect(query(5).parse({ ids: "3,1,3,2" })).toEqual({ ids: [3, 1, 2] });
    expect(query(5, ".").parse({ ids: "7.4" })).toEqual({ ids: [7, 4] });
  });

  it("counts the ids as written against the limit, repeats included", () => {
    expect(query(3).parse({ ids: "1,2,3" })).toEqual({ ids: [1, 2, 3] });
    expect(problemOf(query(3), { ids: "1,1,1,1" })).toBe("must be a few ids");
  });

  it("refuses anything but positive whole numbers with the call's own words, and a missing list", () => {
    for (const ids of ["", "1..2", "0", "01", "-3", "1.x", " 1", "1,2", "1234567890123456"]) {
      expect(problemOf(query(5, "."), { ids }), ids).toBe("must be a few ids");
    }
    expect(problemOf(query(5), { ids: "1.2" })).toBe("must be a few ids");
    expect(problemOf(query(5), {})).toBe("is required");
  });
});
