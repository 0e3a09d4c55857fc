import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, makeApi, type ErrorJson, type TestApi } from "./helpers";

let t: TestApi;
let token: string;
beforeEach(async () => {
  t = await makeApi();
  token = await t.login();
});
afterEach(async () => {
  await t.api.close();
});

const IMAGE_PATH = "/objects/images/AAAAAAAAAAAAAAAAAAAAAA";

async function expect400(res: Response, field: string, problem?: RegExp): Promise<void> {
  expect(res.status).toBe(400);
  const body = await json<ErrorJson>(res);
  expect(body.field).toBe(field);
  expect(body.message.startsWith(`${field}: `)).toBe(true);
  if (problem) expect(body.message).toMatch(problem);
}

const validEvent = {
  name: "Bike ride",
  date: "2026-04-10T10:00:00.000Z",
  comment: "A gentle ride.\nBring a helmet.",
  bookingUrl: "https://example.org/book/bike",
};

const validNews = {
  title: "Hello",
  content: "<p>Hi <strong>all</strong></p>",
  publishedAt: "2026-02-01T09:00:00.000Z",
};

describe("events", () => {
  it("creates, lists, updates and deletes an event", async () => {
    const created = await t.request("/api/admin/events", {
      method: "POST",
      token,
      json: { ...validEvent, organiser: "Tom", location: "", imageUrl: "" },
    });
    expect(created.status).toBe(201);
    const event = await json(created);
    const createdAt = t.clock.now().toISOString();
    expect(event).toEqual({
      id: expect.any(Number),
      ...validEvent,
      organiser: "Tom",
      location: null,
      imageUrl: null,
      createdAt,
      updatedAt: createdAt,
    });

    const list = await t.request("/api/events");
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([event]);

    // An edit moves updatedAt (calendars and feeds tell changes by it); createdAt stays.
    t.clock.advance(90_000);
    const updated = await t.request(`/api/admin/events/${event.id}`, {
      method: "PUT",
      token,
      json: { ...event, date: "2026-04-11T09:30:00+01:00", location: "School gates", imageUrl: IMAGE_PATH },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({
      ...event,
      date: "2026-04-11T08:30:00.000Z",
      location: "School gates",
      imageUrl: IMAGE_PATH,
      updatedAt: t.clock.now().toISOString(),
    });

    const deleted = await t.request(`/api/admin/events/${event.id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ok: true });
    expect(await (await t.request("/api/events")).json()).toEqual([]);
  });

  it("lists events by date ascending", async () => {
    for (const date of ["2026-06-01", "2025-12-25", "2026-03-15T18:00:00Z"]) {
      await t.request("/api/admin/events", { method: "POST", token, json: { ...validEvent, name: date, date } });
    }
    const events = await json<Array<{ name: string }>>(await t.request("/api/events"));
    expect(events.map((e) => e.name)).toEqual(["2025-12-25", "2026-03-15T18:00:00Z", "2026-06-01"]);
  });

  it.each([
    [{ ...validEvent, name: undefined }, "name", /is required/],
    [{ ...validEvent, name: "   " }, "name", /is required/],
    [{ ...validEvent, date: undefined }, "date", /is required/],
    [{ ...validEvent, date: "next tuesday" }, "date", /valid date/],
    [{ ...validEvent, comment: "" }, "comment", /is required/],
    [{ ...validEvent, bookingUrl: undefined }, "bookingUrl", /is required/],
    [{ ...validEvent, bookingUrl: "javascript:alert(1)" }, "bookingUrl", /must be an http or https URL/],
    [{ ...validEvent, bookingUrl: "ftp://example.org/x" }, "bookingUrl", /must be an http or https URL/],
    [{ ...validEvent, bookingUrl: "example.org" }, "bookingUrl", /must be an http or https URL/],
    [{ ...validEvent, imageUrl: "data:image/png;base64,AAAA" }, "imageUrl", /http or https URL/],
    [{ ...validEvent, imageUrl: "/objects/../etc/passwd" }, "imageUrl", /http or https URL/],
    [{ ...validEvent, organiser: 5 }, "organiser", /must be text/],
    [{ ...validEvent, location: "x".repeat(201) }, "location", /at most 200/],
  ])("400 for invalid event %#", async (body, field, problem) => {
    const res = await t.request("/api/admin/events", { method: "POST", token, json: body });
    await expect400(res, field, problem);
    const put = await t.request("/api/admin/events/1", { method: "PUT", token, json: body });
    await expect400(put, field, problem);
  });

  it("404 for an unknown or non-integer id", async () => {
    for (const id of ["999", "abc", "1.5", "-1", "0"]) {
      const put = await t.request(`/api/admin/events/${id}`, { method: "PUT", token, json: validEvent });
      expect(put.status, `PUT ${id}`).toBe(404);
      expect((await json<ErrorJson>(put)).message).toEqual(expect.any(String));
      const del = await t.request(`/api/admin/events/${id}`, { method: "DELETE", token });
      expect(del.status, `DELETE ${id}`).toBe(404);
    }
  });
});

describe("news", () => {
  it("creates, lists, updates and deletes a news item", async () => {
    const created = await t.request("/api/admin/news", { method: "POST", token, json: validNews });
    expect(created.status).toBe(201);
    const item = await json(created);
    const createdAt = t.clock.now().toISOString();
    expect(item).toEqual({ id: expect.any(Number), ...validNews, imageUrl: null, createdAt, updatedAt: createdAt });

    t.clock.advance(90_000);
    const updated = await t.request(`/api/admin/news/${item.id}`, {
      method: "PUT",
      token,
      json: { ...item, title: "Hello again", imageUrl: "https://example.org/pic.jpg" },
    });
    expect(updated.status).toBe(200);
    const edited = {
      ...item,
      title: "Hello again",
      imageUrl: "https://example.org/pic.jpg",
      updatedAt: t.clock.now().toISOString(),
    };
    expect(await updated.json()).toEqual(edited);
    expect(await (await t.request("/api/news")).json()).toEqual([edited]);

    expect((await t.request(`/api/admin/news/${item.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(await (await t.request("/api/news")).json()).toEqual([]);
  });

  it("lists news by publishedAt descending, ties newest id first", async () => {
    const make = (title: string, publishedAt: string) =>
      t.request("/api/admin/news", { method: "POST", token, json: { title, publishedAt } });
    await make("middle", "2026-02-01");
    await make("oldest", "2025-11-05");
    await make("newest", "2026-02-20");
    await make("middle-later-id", "2026-02-01");
    const news = await json<Array<{ title: string; content: string }>>(await t.request("/api/news"));
    expect(news.map((n) => n.title)).toEqual(["newest", "middle-later-id", "middle", "oldest"]);
    expect(news[0].content).toBe("");
  });

  it.each([
    [{ ...validNews, title: undefined }, "title", /is required/],
    [{ ...validNews, title: "" }, "title", /is required/],
    [{ ...validNews, publishedAt: undefined }, "publishedAt", /is required/],
    [{ ...validNews, publishedAt: "2026-02-30x" }, "publishedAt", /valid date/],
    [{ ...validNews, content: 12 }, "content", /must be text/],
    [{ ...validNews, imageUrl: "javascript:alert(1)" }, "imageUrl", /http or https URL/],
  ])("400 for invalid news %#", async (body, field, problem) => {
    await expect400(await t.request("/api/admin/news", { method: "POST", token, json: body }), field, problem);
  });

  it("404 for an unknown id", async () => {
    expect((await t.request("/api/admin/news/42", { method: "PUT", token, json: validNews })).status).toBe(404);
    expect((await t.request("/api/admin/news/42", { method: "DELETE", token })).status).toBe(404);
    expect((await t.request("/api/admin/news/x", { method: "DELETE", token })).status).toBe(404);
  });
});

describe("gallery", () => {
  it("creates, lists newest first, updates and deletes", async () => {
    const first = await json(
      await t.request("/api/admin/gallery", { method: "POST", token, json: { imageUrl: IMAGE_PATH, caption: "One" } }),
    );
    t.clock.advance(1000);
    const res = await t.request("/api/admin/gallery", {
      method: "POST",
      token,
      json: { imageUrl: "https://example.org/two.jpg" },
    });
    expect(res.status).toBe(201);
    const second = await json(res);
    expect(second).toEqual({ id: expect.any(Number), imageUrl: "https://example.org/two.jpg", caption: null });
    expect(await (await t.request("/api/gallery")).json()).toEqual([second, first]);

    const updated = await t.request(`/api/admin/gallery/${first.id}`, {
      method: "PUT",
      token,
      json: { imageUrl: IMAGE_PATH, caption: "  Trimmed  " },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({ id: first.id, imageUrl: IMAGE_PATH, caption: "Trimmed" });

    expect((await t.request(`/api/admin/gallery/${first.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(await (await t.request("/api/gallery")).json()).toEqual([second]);
  });

  it("400 without an image URL or with a bad one", async () => {
    await expect400(
      await t.request("/api/admin/gallery", { method: "POST", token, json: { caption: "x" } }),
      "imageUrl",
      /is required/,
    );
    await expect400(
      await t.request("/api/admin/gallery", { method: "POST", token, json: { imageUrl: "/uploads/evil.svg" } }),
      "imageUrl",
    );
    await expect400(
      await t.request("/api/admin/gallery", { method: "POST", token, json: { imageUrl: IMAGE_PATH, caption: ["x"] } }),
      "caption",
    );
  });

  it("404 for an unknown id", async () => {
    const res = await t.request("/api/admin/gallery/7", { method: "PUT", token, json: { imageUrl: IMAGE_PATH } });
    expect(res.status).toBe(404);
    expect((await t.request("/api/admin/gallery/7", { method: "DELETE", token })).status).toBe(404);
  });
});

describe("who-we-are and what-we-do", () => {
  it("read as empty strings before anything is saved", async () => {
    expect(await (await t.request("/api/who-we-are")).json()).toEqual({ aboutUs: "", whoAreWe: "", contactEmail: "" });
    expect(await (await t.request("/api/what-we-do")).json()).toEqual({ mission: "", activities: "", impact: "" });
  });

  it("saves and returns who-we-are, keeping paragraphs", async () => {
    const body = { aboutUs: "Para one.\r\n\r\nPara two.", whoAreWe: "The committee", contactEmail: "dads@example.org" };
    const res = await t.request("/api/admin/who-we-are", { method: "PUT", token, json: body });
    expect(res.status).toBe(200);
    const expected = { aboutUs: "Para one.\n\nPara two.", whoAreWe: "The committee", contactEmail: "dads@example.org" };
    expect(await res.json()).toEqual(expected);
    expect(await (await t.request("/api/who-we-are")).json()).toEqual(expected);

    const cleared = await t.request("/api/admin/who-we-are", { method: "PUT", token, json: { contactEmail: "" } });
    expect(await cleared.json()).toEqual({ ...expected, contactEmail: "" });
  });

  it("400 for a contact email that is not an email address", async () => {
    const res = await t.request("/api/admin/who-we-are", {
      method: "PUT",
      token,
      json: { aboutUs: "a", whoAreWe: "b", contactEmail: "not-an-email" },
    });
    await expect400(res, "contactEmail", /email/);
    expect(await (await t.request("/api/who-we-are")).json()).toEqual({ aboutUs: "", whoAreWe: "", contactEmail: "" });
  });

  it("saves and returns what-we-do", async () => {
    const body = { mission: "M\n\nM2", activities: "A", impact: "I" };
    const res = await t.request("/api/admin/what-we-do", { method: "PUT", token, json: body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(body);
    expect(await (await t.request("/api/what-we-do")).json()).toEqual(body);
    await expect400(
      await t.request("/api/admin/what-we-do", { method: "PUT", token, json: { mission: 3 } }),
      "mission",
      /must be text/,
    );
  });
});

describe("request bodies", () => {
  it.each(["/api/admin/news", "/api/admin/events", "/api/admin/gallery"])(
    '400 "Request body must be valid JSON" for broken JSON on %s',
    async (path) => {
      const res = await t.request(path, {
        method: "POST",
        token,
        body: "title=hello",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Request body must be valid JSON" });
    },
  );

  it("400 for JSON that is not an object", async () => {
    const res = await t.request("/api/admin/news", { method: "POST", token, json: [1, 2] });
    expect(res.status).toBe(400);
    expect((await json<ErrorJson>(res)).message).toMatch(/JSON object/);
  });

  it("413 for a JSON body over 1 MB, with or without Content-Length", async () => {
    const big = JSON.stringify({ ...validNews, content: `<p>${"a".repeat(1024 * 1024)}</p>` });
    const streamed = await t.request("/api/admin/news", { method: "POST", token, body: big });
    expect(streamed.status).toBe(413);
    expect((await json<ErrorJson>(streamed)).message).toMatch(/1MB/);
    const declared = await t.request("/api/admin/news", {
      method: "POST",
      token,
      body: big,
      headers: { "content-length": String(Buffer.byteLength(big)) },
    });
    expect(declared.status).toBe(413);
    expect(await (await t.request("/api/news")).json()).toEqual([]);
  });

  it("unknown paths are a JSON 404", async () => {
    const res = await t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });
});
