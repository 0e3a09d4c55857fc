import { describe, expect, it } from "vitest";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/**
 * A refused field is told in a sentence and, beside it, as data (docs/product.md, 'Validation rules'):
 * `code`, and `max` for a length, so a client need not read the sentence.
 */
const api = freshApiEachTest();

const validEvent = {
  name: "Bike ride",
  date: "2026-04-10T10:00:00.000Z",
  comment: "A gentle ride.",
  bookingUrl: "https://example.org/book/bike",
};

async function refusal(path: string, body: unknown, method = "POST"): Promise<ErrorJson> {
  const res = await api.t.request(path, { method, token: api.token, json: body });
  expect(res.status).toBe(400);
  return json<ErrorJson>(res);
}

describe("the code beside a refused field", () => {
  it.each([
    [
      { ...validEvent, name: undefined },
      { message: "name: is required", field: "name", code: "required" },
    ],
    [
      { ...validEvent, comment: "  " },
      { message: "comment: is required", field: "comment", code: "required" },
    ],
    [
      { ...validEvent, organiser: 5 },
      { message: "organiser: must be text", field: "organiser", code: "not-text" },
    ],
    [
      { ...validEvent, location: "x".repeat(201) },
      { message: "location: must be at most 200 characters", field: "location", code: "too-long", max: 200 },
    ],
    [
      { ...validEvent, bookingUrl: "ftp://example.org/x" },
      { message: "bookingUrl: must be an http or https URL", field: "bookingUrl", code: "url" },
    ],
    [
      { ...validEvent, imageUrl: "javascript:alert(1)" },
      {
        message: "imageUrl: must be an http or https URL or an uploaded image path",
        field: "imageUrl",
        code: "image-url",
      },
    ],
    [
      { ...validEvent, date: "2027-02-30" },
      { message: "date: must be a valid date", field: "date", code: "date" },
    ],
    [
      { ...validEvent, date: "1850-01-01" },
      { message: "date: must be between the years 1900 and 2200", field: "date", code: "date-range" },
    ],
  ])("an event %# is refused with its code", async (body, expected) => {
    expect(await refusal("/api/admin/events", body)).toEqual(expected);
  });

  it("codes the page texts' e-mail and length, and the gallery's caption", async () => {
    expect(await refusal("/api/admin/who-we-are", { contactEmail: "not an address" }, "PUT")).toEqual({
      message: "contactEmail: must be an email address",
      field: "contactEmail",
      code: "email",
    });
    expect(await refusal("/api/admin/what-we-do", { mission: "x".repeat(50_001) }, "PUT")).toMatchObject({
      field: "mission",
      code: "too-long",
      max: 50_000,
    });
    const caption = await refusal("/api/admin/gallery", {
      imageUrl: "https://example.org/a.jpg",
      caption: "x".repeat(501),
    });
    expect(caption).toMatchObject({ field: "caption", code: "too-long", max: 500 });
  });

  it("says 'invalid' where the sentence alone tells the rule, and no code without a field", async () => {
    const res = await api.t.request("/api/news?limit=many");
    expect(await json<ErrorJson>(res)).toEqual({
      message: "limit: must be a whole number from 0 to 1000",
      field: "limit",
      code: "invalid",
    });
    const notAnObject = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: [1] });
    expect(await json<ErrorJson>(notAnObject)).toEqual({ message: "Request body must be a JSON object" });
  });
});
