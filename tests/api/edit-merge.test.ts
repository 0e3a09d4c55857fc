import { describe, expect, it } from "vitest";
import { REVISIONS_KEPT } from "../../api/store/revisions";
import { member } from "./committee-helpers";
import { validEvent, validNews } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/**
 * docs/product.md, 'Publishing', 'No edit lost' (issue 40, item 14): a save typed over an
 * older version keeps every change the other person made to a field this one left alone,
 * and answers 409 only with the fields both changed.
 */
const api = freshApiEachTest();

type Item = Record<string, unknown> & { id: number; version: number; status: string };
type Conflict = ErrorJson & { current: Item; conflicts: string[]; merged: Record<string, unknown> };

const put = (path: string, body: object, token = api.token) =>
  api.t.request(path, { method: "PUT", token, json: body });
const stored = async (path: string) => json<Item>(await api.t.request(path, { token: api.token }));

async function made(path: string, body: object): Promise<Item> {
  const res = await api.t.request(path, { method: "POST", token: api.token, json: body });
  expect(res.status).toBe(201);
  return json<Item>(res);
}

describe("a save over a newer version", () => {
  it("keeps the title Sam changed when the secretary, from an older copy, changed only the text; the text both changed is a conflict", async () => {
    const opened = { ...validNews, title: "Cake sale", content: "<p>Bring cakes.</p>" };
    const item = await made("/api/admin/news", opened);
    const path = `/api/admin/news/${item.id}`;
    const sam = await member(api.t, api.token, "sam", "editor");
    const samsSave = await put(
      path,
      { ...opened, title: "Cake sale on Friday", content: "<p>Bring cakes.</p><p>Sam's sentence.</p>", version: 1 },
      sam.token,
    );
    expect(samsSave.status).toBe(200);

    const mine = { ...opened, content: "<p>Bring cakes.</p><p>The secretary's sentence.</p>", version: 1 };
    const refused = await put(path, mine);
    expect(refused.status).toBe(409);
    const body = await json<Conflict>(refused);
    expect(body.message).toMatch(/^This was changed by sam Name at .+ since you opened it\.$/);
    expect(body.conflicts).toEqual(["content"]);
    expect(body.current).toMatchObject({ title: "Cake sale on Friday", version: 2 });
    expect(body.merged).toMatchObject({
      title: "Cake sale on Friday",
      content: "<p>Bring cakes.</p><p>The secretary's sentence.</p>",
      status: "published",
    });
    expect(await stored(path)).toMatchObject({ title: "Cake sale on Friday", version: 2 });

    // She chooses her text and saves over the version now shown: Sam's title stays.
    const resolved = await put(path, { ...opened, ...body.merged, version: 2 });
    expect(resolved.status).toBe(200);
    expect(await stored(path)).toMatchObject({
      title: "Cake sale on Friday",
      content: "<p>Bring cakes.</p><p>The secretary's sentence.</p>",
      version: 3,
    });
  });

  it("merges changes to different fields with no conflict, on news and events, and keeps the merge as a revision", async () => {
    const news = await made("/api/admin/news", validNews);
    const newsPath = `/api/admin/news/${news.id}`;
    expect((await put(newsPath, { ...validNews, title: "Their title", version: 1 })).status).toBe(200);
    const merged = await put(newsPath, { ...validNews, content: "<p>My words</p>", imageAlt: "A cake", version: 1 });
    expect(merged.status).toBe(200);
    expect(await json(merged)).toMatchObject({ title: "Their title", content: "<p>My words</p>", version: 3 });
    const [latest] = await json<Array<{ id: number }>>(
      await api.t.request(`${newsPath}/revisions`, { token: api.token }),
    );
    const revision = await json<{ fields: Record<string, unknown> }>(
      await api.t.request(`${newsPath}/revisions/${latest.id}`, { token: api.token }),
    );
    expect(revision.fields).toMatchObject({ title: "Their title", content: "<p>My words</p>", imageAlt: "A cake" });

    const event = await made("/api/admin/events", validEvent);
    const eventPath = `/api/admin/events/${event.id}`;
    expect((await put(eventPath, { ...validEvent, name: "Their name", location: "Park", version: 1 })).status).toBe(
      200,
    );
    // The same change made by both is no conflict either.
    const mine = { ...validEvent, location: "Park", organiser: "Dads' team", version: 1 };
    expect(await json(await put(eventPath, mine))).toMatchObject({
      name: "Their name",
      location: "Park",
      organiser: "Dads' team",
      version: 3,
    });

    const both = await put(eventPath, { ...validEvent, comment: "My description", version: 2 });
    expect(both.status).toBe(200);
    const refused = await put(eventPath, {
      ...validEvent,
      name: "My name",
      comment: "Another description",
      version: 2,
    });
    expect(refused.status).toBe(409);
    expect((await json<Conflict>(refused)).conflicts).toEqual(["name", "comment"]);
  });

  it("merges the state as a field: their publishing is kept with my text; two different states are a conflict", async () => {
    const draft = await made("/api/admin/news", { ...validNews, status: "draft" });
    const path = `/api/admin/news/${draft.id}`;
    expect((await put(path, { ...validNews, status: "published", version: 1 })).status).toBe(200);
    const mine = await put(path, { ...validNews, title: "My title", version: 1 });
    expect(await json(mine)).toMatchObject({ title: "My title", status: "published", version: 3 });

    const publishAt = new Date(api.t.clock.now().getTime() + 3_600_000).toISOString();
    expect(
      (await put(path, { ...validNews, title: "My title", status: "scheduled", publishAt, version: 3 })).status,
    ).toBe(200);
    const refused = await put(path, { ...validNews, title: "My title", status: "draft", version: 3 });
    expect(refused.status).toBe(409);
    const body = await json<Conflict>(refused);
    expect(body.conflicts).toEqual(["status"]);
    expect(body.merged).toMatchObject({ status: "draft", publishAt: null });
    expect(body.current).toMatchObject({ status: "scheduled", publishAt });
  });

  it(`past the last ${REVISIONS_KEPT} revisions, every field the two versions hold differently is a conflict`, async () => {
    const item = await made("/api/admin/news", validNews);
    const path = `/api/admin/news/${item.id}`;
    for (let i = 2; i <= REVISIONS_KEPT + 1; i++) await put(path, { ...validNews, title: `Save ${i}` });
    const refused = await put(path, { ...validNews, title: "Mine", version: 1 });
    expect(refused.status).toBe(409);
    expect((await json<Conflict>(refused)).conflicts).toEqual(["title"]);
    // A field both hold alike (the text) is none; saved over the version shown, mine is made.
    const resolved = await put(path, { ...validNews, title: "Mine", version: REVISIONS_KEPT + 1 });
    expect(await json(resolved)).toMatchObject({ title: "Mine", version: REVISIONS_KEPT + 2 });
  });
});
