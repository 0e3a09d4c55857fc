import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEvent } from "../../api/store/events";
import { createGalleryItem } from "../../api/store/gallery";
import { BATCH_SIZE } from "../../api/store/listing";
import { createNews } from "../../api/store/news";
import { json, makeApi, type ErrorJson, type TestApi } from "./helpers";

/**
 * The lists' optional paging, fields and date filters, the item calls, and the whole
 * lists docs/product.md, 'The calls it makes' promises when no parameter is given.
 */
let t: TestApi;
beforeEach(async () => {
  t = await makeApi();
});
afterEach(async () => {
  await t.api.close();
});

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.parse("2026-01-01T10:00:00.000Z");
const isoDay = (n: number) => new Date(BASE + n * DAY).toISOString();

/** `count` news items published a day apart, straight into the store (fast); news i is `News i`. */
async function addNews(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const item = { title: `News ${i}`, content: `<p>Body ${i}</p>`, publishedAt: isoDay(i), imageUrl: null };
    await createNews(t.api.store.db, item, t.clock.now());
  }
}

/** Events on days -count/2 … count/2 around BASE; event i is `Event i` on isoDay(i - count/2). */
async function addEvents(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const event = {
      name: `Event ${i}`,
      date: isoDay(i - count / 2),
      comment: "c",
      organiser: null,
      location: null,
      imageUrl: null,
      bookingUrl: "https://example.org/book",
    };
    await createEvent(t.api.store.db, event, t.clock.now());
  }
}

const total = (res: Response) => Number(res.headers.get("X-Total-Count"));

async function expectBadParam(path: string, field: string, problem: RegExp) {
  const res = await t.request(path);
  expect(res.status).toBe(400);
  const body = await json<ErrorJson>(res);
  expect(body.field).toBe(field);
  expect(body.message).toMatch(new RegExp(`^${field}: `));
  expect(body.message).toMatch(problem);
}

describe("whole lists (no parameters, docs/product.md, 'The calls it makes')", () => {
  it("sends every news item, newest first, across several batches", async () => {
    const count = BATCH_SIZE * 2 + 17;
    await addNews(count);
    const res = await t.request("/api/news");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(total(res)).toBe(count);
    const items = await json<Array<{ title: string; content: string }>>(res);
    expect(items).toHaveLength(count);
    expect(items.map((item) => item.title)).toEqual(Array.from({ length: count }, (_, i) => `News ${count - 1 - i}`));
    expect(items[0]).toMatchObject({ content: `<p>Body ${count - 1}</p>`, imageUrl: null });
  });

  it("sends an empty list as []", async () => {
    for (const path of ["/api/news", "/api/events", "/api/gallery"]) {
      const res = await t.request(path);
      expect(await res.json()).toEqual([]);
      expect(total(res)).toBe(0);
    }
  });

  it("sends every event by date and every gallery image newest first", async () => {
    await addEvents(5);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await createGalleryItem(
        t.api.store.db,
        { imageUrl: `https://example.org/${i}.jpg`, caption: `c${i}` },
        t.clock.now(),
      );
    }
    const events = await json<Array<{ name: string }>>(await t.request("/api/events"));
    expect(events.map((e) => e.name)).toEqual(["Event 0", "Event 1", "Event 2", "Event 3", "Event 4"]);
    const gallery = await json<Array<Record<string, unknown>>>(await t.request("/api/gallery"));
    expect(gallery.map((g) => g.caption)).toEqual(["c2", "c1", "c0"]);
    expect(Object.keys(gallery[0]).sort()).toEqual(["albumId", "altText", "caption", "id", "imageUrl"]);
  });
});

describe("windows of a list", () => {
  it("pages the news with limit and offset, and counts them all", async () => {
    await addNews(25);
    const res = await t.request("/api/news?limit=10&offset=20");
    expect(res.status).toBe(200);
    expect(total(res)).toBe(25);
    const items = await json<Array<{ title: string }>>(res);
    expect(items.map((item) => item.title)).toEqual(["News 4", "News 3", "News 2", "News 1", "News 0"]);
  });

  it("answers limit=0 with no items and the count alone", async () => {
    await addNews(7);
    const res = await t.request("/api/news?limit=0");
    expect(await res.json()).toEqual([]);
    expect(total(res)).toBe(7);
  });

  it("gives at most 100 items when a parameter is given without a limit", async () => {
    await addNews(120);
    const res = await t.request("/api/news?offset=0");
    expect(await json<unknown[]>(res)).toHaveLength(100);
    expect(total(res)).toBe(120);
  });

  it("sends only the fields asked for, and the id always", async () => {
    await addNews(2);
    const items = await json<Array<Record<string, unknown>>>(await t.request("/api/news?fields=title,updatedAt"));
    expect(items).toHaveLength(2);
    expect(Object.keys(items[0]).sort()).toEqual(["id", "title", "updatedAt"]);
    expect(items[0].title).toBe("News 1");
  });

  it("filters events by date: from inclusive, to exclusive, in either order", async () => {
    await addEvents(10); // days -5 … 4
    const from = isoDay(0);
    const upcoming = await t.request(`/api/events?from=${from}&limit=3&fields=name,date`);
    expect(total(upcoming)).toBe(5);
    expect((await json<Array<{ name: string }>>(upcoming)).map((e) => e.name)).toEqual([
      "Event 5",
      "Event 6",
      "Event 7",
    ]);

    const past = await t.request(`/api/events?to=${from}&order=desc&limit=2`);
    expect(total(past)).toBe(5);
    expect((await json<Array<{ name: string }>>(past)).map((e) => e.name)).toEqual(["Event 4", "Event 3"]);

    const range = await t.request(`/api/events?from=${isoDay(-1)}&to=${isoDay(1)}`);
    expect((await json<Array<{ name: string }>>(range)).map((e) => e.name)).toEqual(["Event 4", "Event 5"]);
  });

  it("pages the gallery", async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await createGalleryItem(
        t.api.store.db,
        { imageUrl: `https://example.org/${i}.jpg`, caption: null },
        t.clock.now(),
      );
    }
    const res = await t.request("/api/gallery?limit=2&offset=1&fields=imageUrl");
    expect(total(res)).toBe(5);
    expect(await res.json()).toEqual([
      { id: expect.any(Number), imageUrl: "https://example.org/3.jpg" },
      { id: expect.any(Number), imageUrl: "https://example.org/2.jpg" },
    ]);
  });
});

describe("parameters are checked, and a bad one is named", () => {
  it.each([
    ["/api/news?limit=abc", "limit", /whole number from 0 to 1000/],
    ["/api/news?limit=1001", "limit", /whole number from 0 to 1000/],
    ["/api/gallery?limit=-1", "limit", /whole number/],
    ["/api/news?offset=1.5", "offset", /whole number/],
    ["/api/news?fields=title,password_hash", "fields", /comma-separated list of: id, title/],
    ["/api/gallery?fields=", "fields", /comma-separated list/],
    ["/api/events?from=yesterday", "from", /valid date/],
    ["/api/events?to=2026-13-01", "to", /valid date/],
    ["/api/events?order=up", "order", /asc or desc/],
  ])("%s → 400 naming %s", async (path, field, problem) => {
    await expectBadParam(path, field, problem);
  });
});

describe("one item by its id", () => {
  it("answers GET /api/news/{id}, /api/events/{id} and /api/gallery/{id}", async () => {
    await addNews(3);
    await addEvents(2);
    await createGalleryItem(t.api.store.db, { imageUrl: "https://example.org/a.jpg", caption: "A" }, new Date());
    const [news] = await json<Array<{ id: number }>>(await t.request("/api/news?limit=1"));
    expect(await json(await t.request(`/api/news/${news.id}`))).toMatchObject({ id: news.id, title: "News 2" });
    const [event] = await json<Array<{ id: number }>>(await t.request("/api/events?limit=1"));
    expect(await json(await t.request(`/api/events/${event.id}`))).toMatchObject({ name: "Event 0" });
    const [image] = await json<Array<{ id: number }>>(await t.request("/api/gallery"));
    expect(await json(await t.request(`/api/gallery/${image.id}`))).toEqual({
      id: image.id,
      imageUrl: "https://example.org/a.jpg",
      caption: "A",
      albumId: null,
      altText: null,
    });
  });

  it.each([
    ["/api/news/999", "News item not found"],
    ["/api/events/999", "Event not found"],
    ["/api/gallery/999", "Gallery image not found"],
    ["/api/news/abc", "Not found"],
  ])("%s → 404", async (path, message) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expect(await json<ErrorJson>(res)).toEqual({ message });
  });
});
