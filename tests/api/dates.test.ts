import { describe, expect, it } from "vitest";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/** Event and news dates: real calendar days, in years 1900 to 2200, refused with the field named. */
const api = freshApiEachTest();

const news = (publishedAt: string) =>
  api.t.request("/api/admin/news", {
    method: "POST",
    token: api.token,
    json: { title: "T", content: "<p>x</p>", publishedAt },
  });
const event = (date: string) =>
  api.t.request("/api/admin/events", {
    method: "POST",
    token: api.token,
    json: { name: "E", date, comment: "c", bookingUrl: "https://example.org/book" },
  });

describe("dates that do not exist are refused, not rolled over", () => {
  it.each([
    "2027-02-30",
    "2027-02-30T10:00:00.000Z",
    "2026-02-29",
    "2026-04-31T10:00",
    "2026-13-01",
    "2026-00-10",
    "2026-04-10T24:00",
    "2026-04-10T10:60",
    "2026-04-10T10:00:61Z",
    "next tuesday",
    "April 10, 2026",
  ])("%s → 400 naming the field", async (value) => {
    for (const [res, field] of [
      [await news(value), "publishedAt"],
      [await event(value), "date"],
    ] as const) {
      expect(res.status).toBe(400);
      expect(await json<ErrorJson>(res)).toEqual({ message: `${field}: must be a valid date`, field, code: "date" });
    }
  });

  it("takes 29 February in a leap year, and stores it as it is", async () => {
    const res = await news("2028-02-29");
    expect(res.status).toBe(201);
    expect((await json(res)).publishedAt).toBe("2028-02-29T00:00:00.000Z");
  });
});

describe("years 1900 to 2200", () => {
  it.each(["1899-12-31T23:59:59.000Z", "2201-01-01T00:00:00.000Z", "9999-12-31T23:00:00Z", "0001-01-01"])(
    "%s → 400",
    async (value) => {
      const res = await event(value);
      expect(res.status).toBe(400);
      expect(await json<ErrorJson>(res)).toEqual({
        message: "date: must be between the years 1900 and 2200",
        field: "date",
        code: "date-range",
      });
    },
  );

  it.each(["1900-01-01T00:00:00.000Z", "2200-12-31T23:59:59.000Z", "2200-12-31T22:00:00-01:00"])(
    "%s is taken",
    async (value) => {
      const res = await event(value);
      expect(res.status).toBe(201);
      expect((await json(res)).date).toBe(new Date(value).toISOString());
    },
  );
});
