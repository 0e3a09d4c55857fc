import { expect } from "vitest";
import type { SearchAnswer } from "../../common/search";
import { json, type TestApi } from "./helpers";

/** What the search tests share: making content through the admin /api and asking the search. */
export async function made(t: TestApi, token: string, path: string, body: object): Promise<{ id: number }> {
  const res = await t.request(path, { method: "POST", token, json: body });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
}

export async function search(t: TestApi, q: string, page?: number): Promise<SearchAnswer> {
  const query = new URLSearchParams({ q, ...(page !== undefined && { page: String(page) }) });
  const res = await t.request(`/api/search?${query}`);
  expect(res.status).toBe(200);
  return json<SearchAnswer>(res);
}

export const titlesFound = async (t: TestApi, q: string) => (await search(t, q)).results.map((r) => r.title);

export const news = (title: string, content: string, extra: object = {}) => ({
  title,
  content,
  publishedAt: "2026-02-01T09:00:00.000Z",
  ...extra,
});

export const event = (name: string, comment: string, extra: object = {}) => ({
  name,
  date: "2026-04-10T10:00:00.000Z",
  comment,
  bookingUrl: "https://example.org/book",
  ...extra,
});
