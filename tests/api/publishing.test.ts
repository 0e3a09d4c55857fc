import { describe, expect, it } from "vitest";
import { member } from "./committee-helpers";
import { expect400, validEvent, validNews } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/** docs/product.md, 'Publishing': drafts, scheduled items, versions and preview links through the /api. */
const api = freshApiEachTest();
const MINUTE = 60_000;

type AdminItem = {
  id: number;
  status: string;
  publishAt: string | null;
  version: number;
  title?: string;
  name?: string;
};

async function save(path: string, body: object, method = "POST", token = api.token): Promise<Response> {
  return api.t.request(path, { method, token, json: body });
}

async function made(path: string, body: object): Promise<AdminItem> {
  const res = await save(path, body);
  expect(res.status).toBe(201);
  return json<AdminItem>(res);
}

const titles = async (path: string, token?: string) =>
  (await json<{ title?: string; name?: string }[]>(await api.t.request(path, { token }))).map((i) => i.title ?? i.name);

describe("states", () => {
  it("a draft is in the admin's list with its state, and nowhere a visitor looks, with or without a token", async () => {
    const published = await made("/api/admin/news", { ...validNews, title: "Out now" });
    const draft = await made("/api/admin/news", { ...validNews, title: "Half written", status: "draft" });
    expect(published).toMatchObject({ status: "published", publishAt: api.t.clock.now().toISOString(), version: 1 });
    expect(draft).toMatchObject({ status: "draft", publishAt: null, version: 1 });

    expect(await titles("/api/news")).toEqual(["Out now"]);
    expect(await titles("/api/news", api.token)).toEqual(["Out now"]);
    expect(await titles("/api/news?limit=10")).toEqual(["Out now"]);
    expect((await api.t.request("/api/news?limit=10")).headers.get("X-Total-Count")).toBe("1");
    expect((await api.t.request(`/api/news/${draft.id}`)).status).toBe(404);
    expect((await api.t.request(`/api/news/${draft.id}`, { token: api.token })).status).toBe(404);

    expect(await titles("/api/admin/news", api.token)).toEqual(["Half written", "Out now"]);
    expect(await titles("/api/admin/news?status=draft", api.token)).toEqual(["Half written"]);
    expect(await titles("/api/admin/news?status=published&limit=5", api.token)).toEqual(["Out now"]);
    expect((await api.t.request("/api/admin/news")).status).toBe(401);
    await expect400(await api.t.request("/api/admin/news?status=secret", { token: api.token }), "status");
    const one = await json<AdminItem>(await api.t.request(`/api/admin/news/${draft.id}`, { token: api.token }));
    expect(one).toMatchObject({ title: "Half written", status: "draft", version: 1 });
  });

  it("an edit without a state keeps it; 'published' publishes a draft now and keeps an old publication time", async () => {
    const draft = await made("/api/admin/news", { ...validNews, status: "draft" });
    const kept = await json<AdminItem>(
      await save(`/api/admin/news/${draft.id}`, { ...validNews, title: "Still a draft" }, "PUT"),
    );
    expect(kept).toMatchObject({ status: "draft", publishAt: null, version: 2 });

    api.t.clock.advance(MINUTE);
    const out = await json<AdminItem>(
      await save(`/api/admin/news/${draft.id}`, { ...validNews, status: "published" }, "PUT"),
    );
    expect(out).toMatchObject({ status: "published", publishAt: api.t.clock.now().toISOString(), version: 3 });
    const wentOut = out.publishAt;
    api.t.clock.advance(MINUTE);
    const again = await json<AdminItem>(
      await save(`/api/admin/news/${draft.id}`, { ...validNews, status: "published" }, "PUT"),
    );
    expect(again).toMatchObject({ status: "published", publishAt: wentOut, version: 4 });

    const back = await json<AdminItem>(
      await save(`/api/admin/news/${draft.id}`, { ...validNews, status: "draft" }, "PUT"),
    );
    expect(back).toMatchObject({ status: "draft", publishAt: null });
    expect(await titles("/api/news")).toEqual([]);
  });

  it("a scheduled item appears at its time, to the second, with the clock moved and no job run", async () => {
    const at = new Date(api.t.clock.now().getTime() + 90 * MINUTE + 30_000).toISOString();
    const event = await made("/api/admin/events", { ...validEvent, status: "scheduled", publishAt: at });
    expect(event).toMatchObject({ status: "scheduled", publishAt: at });
    expect(await titles("/api/events")).toEqual([]);
    expect((await api.t.request(`/api/events/${event.id}`)).status).toBe(404);
    expect(await titles("/api/admin/events?status=scheduled", api.token)).toEqual(["Bike ride"]);
    // The admin's list takes the visitors' date filter and order too.
    expect(await titles("/api/admin/events?from=2026-04-01T00:00:00Z&order=desc", api.token)).toEqual(["Bike ride"]);
    expect(await titles("/api/admin/events?to=2026-04-01T00:00:00Z", api.token)).toEqual([]);

    api.t.clock.current = new Date(Date.parse(at) - 1000);
    expect(await titles("/api/events")).toEqual([]);
    api.t.clock.current = new Date(at);
    expect(await titles("/api/events")).toEqual(["Bike ride"]);
    expect((await api.t.request(`/api/events/${event.id}`)).status).toBe(200);
    const now = await json<AdminItem>(await api.t.request(`/api/admin/events/${event.id}`, { token: api.token }));
    expect(now.status).toBe("published");
  });

  it("what follows a scheduled item's publication happens once: the page cache is made stale", async () => {
    const at = new Date(api.t.clock.now().getTime() + 30 * MINUTE).toISOString();
    await made("/api/admin/news", { ...validNews, status: "scheduled", publishAt: at });
    await made("/api/admin/news", validNews);
    expect(await api.t.api.announcePublished()).toBe(0);
    const before = await api.t.api.contentVersion();
    api.t.clock.current = new Date(at);
    expect(await api.t.api.announcePublished()).toBe(1);
    expect(await api.t.api.contentVersion()).not.toBe(before);
    const after = await api.t.api.contentVersion();
    expect(await api.t.api.announcePublished()).toBe(0);
    expect(await api.t.api.contentVersion()).toBe(after);
  });

  it("scheduling needs a time still to come", async () => {
    await expect400(await save("/api/admin/news", { ...validNews, status: "scheduled" }), "publishAt", /required/);
    const past = new Date(api.t.clock.now().getTime() - MINUTE).toISOString();
    await expect400(
      await save("/api/admin/news", { ...validNews, status: "scheduled", publishAt: past }),
      "publishAt",
      /future/,
    );
    await expect400(await save("/api/admin/news", { ...validNews, status: "later" }), "status");
    await expect400(await save("/api/admin/news", { ...validNews, version: "3" }), "version");
    expect(await titles("/api/admin/news", api.token)).toEqual([]);
  });

  it("the dashboard's counts: drafts, and items scheduled for later", async () => {
    const soon = new Date(api.t.clock.now().getTime() + MINUTE).toISOString();
    await made("/api/admin/news", { ...validNews, status: "draft" });
    await made("/api/admin/news", { ...validNews, status: "draft" });
    await made("/api/admin/news", { ...validNews, status: "scheduled", publishAt: soon });
    await made("/api/admin/news", validNews);
    await made("/api/admin/events", { ...validEvent, status: "draft" });
    const counts = async () => json(await api.t.request("/api/admin/content-states", { token: api.token }));
    expect(await counts()).toEqual({ news: { draft: 2, scheduled: 1 }, events: { draft: 1, scheduled: 0 } });
    api.t.clock.advance(MINUTE);
    expect(await counts()).toEqual({ news: { draft: 2, scheduled: 0 }, events: { draft: 1, scheduled: 0 } });
  });

  it("a draft event is not offered for booking", async () => {
    const event = await made("/api/admin/events", {
      ...validEvent,
      date: "2026-06-01T10:00:00.000Z",
      status: "draft",
      booking: { mode: "site", places: 10, maxPerBooking: 6, askChild: false, closesAt: null, waitingList: true },
    });
    expect((await api.t.request(`/api/events/${event.id}/availability`)).status).toBe(404);
    const booked = await api.t.request(`/api/events/${event.id}/bookings`, {
      method: "POST",
      json: { name: "Sam", email: "sam@example.org", adults: 1, children: 0 },
    });
    expect(booked.status).toBe(404);
  });
});

describe("no edit lost", () => {
  it("a save over a newer version is refused with who and when, and the item as it is now; nothing is overwritten", async () => {
    const item = await made("/api/admin/news", validNews);
    const other = await member(api.t, api.token, "sam", "editor");
    await api.t.request(`/api/admin/people/${other.id}`, {
      method: "PUT",
      token: api.token,
      json: { name: "Sam Patel" },
    });
    api.t.clock.current = new Date("2026-03-01T14:05:00.000Z");
    const first = await save(
      `/api/admin/news/${item.id}`,
      { ...validNews, title: "Sam's title", version: 1 },
      "PUT",
      other.token,
    );
    expect(first.status).toBe(200);

    const second = await save(`/api/admin/news/${item.id}`, { ...validNews, title: "My title", version: 1 }, "PUT");
    expect(second.status).toBe(409);
    const body = await json<ErrorJson & { current: AdminItem }>(second);
    expect(body.message).toMatch(/^This was changed by .+ at March 1, 2026, 14:05 since you opened it\.$/);
    expect(body.current).toMatchObject({ title: "Sam's title", version: 2, status: "published" });
    const stored = await json<AdminItem>(await api.t.request(`/api/admin/news/${item.id}`, { token: api.token }));
    expect(stored).toMatchObject({ title: "Sam's title", version: 2 });

    // Saved again over the version now shown: it goes through.
    const kept = await save(`/api/admin/news/${item.id}`, { ...validNews, title: "My title", version: 2 }, "PUT");
    expect(await json(kept)).toMatchObject({ title: "My title", version: 3 });
  });

  it("names who saved last", async () => {
    const item = await made("/api/admin/events", validEvent);
    const other = await member(api.t, api.token, "robin", "editor");
    await save(`/api/admin/events/${item.id}`, { ...validEvent, name: "Robin's", version: 1 }, "PUT", other.token);
    const refused = await save(`/api/admin/events/${item.id}`, { ...validEvent, name: "Mine", version: 1 }, "PUT");
    expect(refused.status).toBe(409);
    expect((await json<ErrorJson>(refused)).message).toMatch(/^This was changed by robin Name at /);
  });
});
