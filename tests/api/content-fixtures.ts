import { expect } from "vitest";
import { json, type ErrorJson } from "./helpers";

/** What the tests of the content the administrators edit (events, news, gallery, page texts) share. */
export const IMAGE_PATH = "/objects/images/AAAAAAAAAAAAAAAAAAAAAA";

/** A 400 that names `field` and starts its message with it. */
export async function expect400(res: Response, field: string, problem?: RegExp): Promise<void> {
  expect(res.status).toBe(400);
  const body = await json<ErrorJson>(res);
  expect(body.field).toBe(field);
  expect(body.message.startsWith(`${field}: `)).toBe(true);
  if (problem) expect(body.message).toMatch(problem);
}

export const validEvent = {
  name: "Bike ride",
  date: "2026-04-10T10:00:00.000Z",
  comment: "A gentle ride.\nBring a helmet.",
  bookingUrl: "https://example.org/book/bike",
};

export const validNews = {
  title: "Hello",
  content: "<p>Hi <strong>all</strong></p>",
  publishedAt: "2026-02-01T09:00:00.000Z",
};
