import { describe, expect, it } from "vitest";
import { REVISIONS_KEPT } from "../../api/store/revisions";
import { validEvent, validNews } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/** docs/product.md, 'Publishing': every save kept, History, Restore, and the editor's autosave. */
const api = freshApiEachTest();

type Summary = { id: number; at: string; by: { id: number; name: string } | null; kind: string; version: number };
type Revision = Summary & { fields: Record<string, unknown> };

const request = (path: string, method = "GET", body?: object) =>
  api.t.request(path, { method, token: api.token, ...(body && { json: body }) });
const history = async (path: string, page = 1) => {
  const res = await request(`${path}/revisions?page=${page}`);
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get("X-Total-Count")), items: await json<Summary[]>(res) };
};

describe("history", () => {
  it("keeps every save whole, newest first, with who and when; a restore saves an old one again and can be undone", async () => {
    const created = await json<{ id: number }>(await request("/api/admin/news", "POST", validNews));
    const path = `/api/admin/news/${created.id}`;
    api.t.clock.advance(60_000);
    await request(path, "PUT", { ...validNews, title: "Second", content: "<p>Changed words</p>" });
    api.t.clock.advance(60_000);
    await request(path, "PUT", { ...validNews, title: "Third" });

    const { total, items } = await history(path);
    expect(total).toBe(3);
    expect(items.map((r) => [r.kind, r.version, r.by?.name])).toEqual([
      ["save", 3, "admin"],
      ["save", 2, "admin"],
      ["save", 1, "admin"],
    ]);
    expect(items[0].at).toBe(api.t.clock.now().toISOString());
    const second = await json<Revision>(await request(`${path}/revisions/${items[1].id}`));
    expect(second.fields).toEqual({
      title: "Second",
      content: "<p>Changed words</p>",
      publishedAt: validNews.publishedAt,
      imageUrl: null,
      imageAlt: null,
      status: "published",
      publishAt: "2026-03-01T12:00:00.000Z",
    });

    const restored = await request(`${path}/revisions/${items[1].id}/restore`, "POST", { version: 3 });
    expect(restored.status).toBe(200);
    expect(await json(restored)).toMatchObject({ title: "Second", content: "<p>Changed words</p>", version: 4 });
    const after = await history(path);
    expect(after.items.map((r) => [r.kind, r.version])).toEqual([
      ["restore", 4],
      ["save", 3],
      ["save", 2],
      ["save", 1],
    ]);
    // The restore is itself undone by restoring what it replaced.
    const undone = await request(`${path}/revisions/${after.items[1].id}/restore`, "POST", {});
    expect(await json(undone)).toMatchObject({ title: "Third", version: 5 });
    expect((await json<{ title: string }[]>(await api.t.request("/api/news")))[0].title).toBe("Third");
  });

  it("a restore over a newer save is refused like a save; an unknown revision is a 404", async () => {
    const created = await json<{ id: number }>(await request("/api/admin/events", "POST", validEvent));
    const path = `/api/admin/events/${created.id}`;
    await request(path, "PUT", { ...validEvent, name: "Renamed" });
    const [, first] = (await history(path)).items;
    const stale = await request(`${path}/revisions/${first.id}/restore`, "POST", { version: 1 });
    expect(stale.status).toBe(409);
    expect((await json<ErrorJson>(stale)).message).toMatch(/^This was changed by admin at /);
    expect((await request(`${path}/revisions/99999`)).status).toBe(404);
    expect((await request(`/api/admin/events/99999/revisions`)).status).toBe(404);
    expect((await api.t.request(`${path}/revisions`)).status).toBe(401);
  });

  it(`keeps the last ${REVISIONS_KEPT} of an item, 20 a page`, async () => {
    const created = await json<{ id: number }>(await request("/api/admin/news", "POST", validNews));
    const path = `/api/admin/news/${created.id}`;
    for (let i = 2; i <= REVISIONS_KEPT + 5; i++) await request(path, "PUT", { ...validNews, title: `Save ${i}` });
    const first = await history(path);
    expect(first.total).toBe(REVISIONS_KEPT);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].version).toBe(REVISIONS_KEPT + 5);
    const last = await history(path, 3);
    expect(last.items).toHaveLength(REVISIONS_KEPT - 40);
    expect(last.items.at(-1)?.version).toBe(6);
    expect((await request(`${path}/revisions?page=4`)).status).toBe(404);
  });

  it("keeps the page texts' saves and restores them", async () => {
    await request("/api/admin/who-we-are", "PUT", { aboutUs: "First words" });
    await request("/api/admin/who-we-are", "PUT", { aboutUs: "Second words" });
    const { items } = await history("/api/admin/pages/who-we-are");
    expect(items.map((r) => [r.kind, r.version])).toEqual([
      ["save", 2],
      ["save", 1],
    ]);
    const first = await json<Revision>(await request(`/api/admin/pages/who-we-are/revisions/${items[1].id}`));
    expect(first.fields).toEqual({ aboutUs: "First words", whoAreWe: "", contactEmail: "" });
    const restored = await request(`/api/admin/pages/who-we-are/revisions/${items[1].id}/restore`, "POST", {});
    expect(await json(restored)).toMatchObject({ aboutUs: "First words" });
    expect(await json(await api.t.request("/api/who-we-are"))).toMatchObject({ aboutUs: "First words" });
    expect((await history("/api/admin/pages/what-we-do")).total).toBe(0);
  });
});

describe("autosave", () => {
  it("keeps one per person and item, shown in History, offered back, and dropped by their next save", async () => {
    const created = await json<{ id: number }>(await request("/api/admin/news", "POST", validNews));
    const path = `/api/admin/news/${created.id}`;
    expect((await request(`${path}/autosave`)).status).toBe(404);
    api.t.clock.advance(30_000);
    await request(`${path}/autosave`, "PUT", { ...validNews, title: "Typing…", version: 1 });
    api.t.clock.advance(30_000);
    const saved = await request(`${path}/autosave`, "PUT", { ...validNews, title: "Typing more", version: 1 });
    expect(await json(saved)).toEqual({ at: api.t.clock.now().toISOString() });

    expect(await json(await request(`${path}/autosave`))).toEqual({
      at: api.t.clock.now().toISOString(),
      version: 1,
      fields: { title: "Typing more", content: validNews.content, publishedAt: validNews.publishedAt, imageUrl: null },
    });
    expect((await history(path)).items.map((r) => r.kind)).toEqual(["autosave", "save"]);
    // Not a save: the item and its version are as they were.
    expect(await json(await request(path))).toMatchObject({ title: "Hello", version: 1 });

    await request(path, "PUT", { ...validNews, title: "Saved", version: 1 });
    expect((await request(`${path}/autosave`)).status).toBe(404);
    expect((await history(path)).items.map((r) => r.kind)).toEqual(["save", "save"]);
  });
});
