import { describe, expect, it } from "vitest";
import { asVisitorsSeeIt } from "./publishing-helpers";
import { expect400, validNews } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/** News through the /api: the administrator's create, edit and delete, the public list, what is refused. */
const api = freshApiEachTest();

describe("news", () => {
  it("creates, lists, updates and deletes a news item", async () => {
    const created = await api.t.request("/api/admin/news", { method: "POST", token: api.token, json: validNews });
    expect(created.status).toBe(201);
    const item = await json(created);
    const createdAt = api.t.clock.now().toISOString();
    expect(item).toEqual({
      id: expect.any(Number),
      ...validNews,
      imageUrl: null,
      imageAlt: null,
      createdAt,
      updatedAt: createdAt,
      // docs/product.md, 'Publishing': every admin answer says the item's state and version.
      status: "published",
      publishAt: createdAt,
      version: 1,
    });

    api.t.clock.advance(90_000);
    const updated = await api.t.request(`/api/admin/news/${item.id}`, {
      method: "PUT",
      token: api.token,
      json: { ...item, title: "Hello again", imageUrl: "https://example.org/pic.jpg" },
    });
    expect(updated.status).toBe(200);
    const edited = {
      ...item,
      title: "Hello again",
      imageUrl: "https://example.org/pic.jpg",
      updatedAt: api.t.clock.now().toISOString(),
      version: 2,
    };
    expect(await updated.json()).toEqual(edited);
    // Visitors' answers are the product spec's shape, without the state and version.
    const seen = asVisitorsSeeIt(edited);
    expect(await (await api.t.request("/api/news")).json()).toEqual([seen]);

    expect((await api.t.request(`/api/admin/news/${item.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    expect(await (await api.t.request("/api/news")).json()).toEqual([]);
  });

  it("lists news by publishedAt descending, ties newest id first", async () => {
    const make = (title: string, publishedAt: string) =>
      api.t.request("/api/admin/news", { method: "POST", token: api.token, json: { title, publishedAt } });
    await make("middle", "2026-02-01");
    await make("oldest", "2025-11-05");
    await make("newest", "2026-02-20");
    await make("middle-later-id", "2026-02-01");
    const news = await json<Array<{ title: string; content: string }>>(await api.t.request("/api/news"));
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
    await expect400(
      await api.t.request("/api/admin/news", { method: "POST", token: api.token, json: body }),
      field,
      problem,
    );
  });

  it("404 for an unknown id", async () => {
    expect(
      (await api.t.request("/api/admin/news/42", { method: "PUT", token: api.token, json: validNews })).status,
    ).toBe(404);
    expect((await api.t.request("/api/admin/news/42", { method: "DELETE", token: api.token })).status).toBe(404);
    expect((await api.t.request("/api/admin/news/x", { method: "DELETE", token: api.token })).status).toBe(404);
  });
});
