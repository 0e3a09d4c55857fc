import { describe, expect, it } from "vitest";
import { validEvent, validNews } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";
import { asVisitorsSeeIt } from "./publishing-helpers";

/** docs/product.md, 'Publishing', 'Preview links': a link to an item not yet public, through the /api. */
const api = freshApiEachTest();
const MINUTE = 60_000;

type AdminItem = { id: number; status: string; version: number };

async function save(path: string, body: object, method = "POST"): Promise<Response> {
  return api.t.request(path, { method, token: api.token, json: body });
}

async function made(path: string, body: object): Promise<AdminItem> {
  const res = await save(path, body);
  expect(res.status).toBe(201);
  return json<AdminItem>(res);
}

describe("preview links", () => {
  async function link(id: number, type = "news") {
    const res = await api.t.request(`/api/admin/${type}/${id}/preview-link`, { method: "POST", token: api.token });
    expect(res.status).toBe(201);
    return json<{ url: string; path: string; expiresAt: string }>(res);
  }
  const preview = (path: string) => api.t.request(`/api${path}`);

  it("shows the unpublished item as visitors will see it, without signing in, for 7 days", async () => {
    const draft = await made("/api/admin/news", { ...validNews, title: "Coming soon", status: "draft" });
    const made1 = await link(draft.id);
    expect(made1.path).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(made1.url).toBe(`http://localhost${made1.path}`);
    expect(made1.expiresAt).toBe(new Date(api.t.clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString());
    const seen = await preview(made1.path);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
    const full = await json<AdminItem>(await api.t.request(`/api/admin/news/${draft.id}`, { token: api.token }));
    expect(await json(seen)).toEqual({ type: "news", item: asVisitorsSeeIt(full) });

    api.t.clock.current = new Date(Date.parse(made1.expiresAt) - 1);
    expect((await preview(made1.path)).status).toBe(200);
    api.t.clock.current = new Date(made1.expiresAt);
    expect((await preview(made1.path)).status).toBe(404);
  });

  it("stops when revoked, when the item is published, and when it is deleted", async () => {
    const draft = await made("/api/admin/events", { ...validEvent, status: "draft" });
    const one = await link(draft.id, "events");
    const two = await link(draft.id, "events");
    expect((await preview(one.path)).status).toBe(200);
    const revoked = await api.t.request(`/api/admin/events/${draft.id}/preview-link`, {
      method: "DELETE",
      token: api.token,
    });
    expect(await json(revoked)).toEqual({ ok: true });
    expect((await preview(one.path)).status).toBe(404);
    expect((await preview(two.path)).status).toBe(404);

    const three = await link(draft.id, "events");
    await save(`/api/admin/events/${draft.id}`, { ...validEvent, status: "published" }, "PUT");
    expect((await preview(three.path)).status).toBe(404);
    await save(`/api/admin/events/${draft.id}`, { ...validEvent, status: "draft" }, "PUT");
    const four = await link(draft.id, "events");
    await api.t.request(`/api/admin/events/${draft.id}`, { method: "DELETE", token: api.token });
    expect((await preview(four.path)).status).toBe(404);
    expect((await preview("/preview/not-a-real-token")).status).toBe(404);
  });

  // Issue 40, item 5: a link ended by publishing answered 200 again once the item was a draft again.
  for (const [type, fields] of [
    ["news", validNews],
    ["events", validEvent],
  ] as const) {
    it(`${type}: publishing ends every link for good; a draft again brings none back`, async () => {
      const draft = await made(`/api/admin/${type}`, { ...fields, status: "draft" });
      const before = await link(draft.id, type);
      await save(`/api/admin/${type}/${draft.id}`, { ...fields, status: "published" }, "PUT");
      expect((await preview(before.path)).status).toBe(404);
      const drafted = await save(`/api/admin/${type}/${draft.id}`, { ...fields, status: "draft" }, "PUT");
      expect(await json(drafted)).toMatchObject({ status: "draft" });
      expect((await preview(before.path)).status).toBe(404);

      // Made while it was public, a link is as dead: a draft again does not wake it.
      await save(`/api/admin/${type}/${draft.id}`, { ...fields, status: "published" }, "PUT");
      const whilePublic = await link(draft.id, type);
      await save(`/api/admin/${type}/${draft.id}`, { ...fields, status: "draft" }, "PUT");
      expect((await preview(whilePublic.path)).status).toBe(404);

      // A link made now, on the draft, works until the next publication.
      const fresh = await link(draft.id, type);
      expect((await preview(fresh.path)).status).toBe(200);
    });

    it(`${type}: a scheduled item's links end when its time comes, and stay ended when it is a draft again`, async () => {
      const publishAt = new Date(api.t.clock.now().getTime() + 10 * MINUTE).toISOString();
      const scheduled = await made(`/api/admin/${type}`, { ...fields, status: "scheduled", publishAt });
      const before = await link(scheduled.id, type);
      expect((await preview(before.path)).status).toBe(200);
      api.t.clock.advance(11 * MINUTE);
      expect((await preview(before.path)).status).toBe(404);
      await save(`/api/admin/${type}/${scheduled.id}`, { ...fields, status: "draft" }, "PUT");
      expect((await preview(before.path)).status).toBe(404);
    });
  }
});
