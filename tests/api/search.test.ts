import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { fillSearchIndex } from "../../api/store/search-fill";
import { expect400 } from "./content-fixtures";
import { freshApiEachTest, HOUR } from "./helpers";
import { event, made, news, search, titlesFound } from "./search-helpers";

/** Search: GET /api/search on both stores, and that nothing private is ever found. */
const api = freshApiEachTest();

const post = (path: string, body: object) => made(api.t, api.token, path, body);
const found = (q: string) => titlesFound(api.t, q);

describe("finding", () => {
  it("ranks a word in the title above one in the text, and the same three first on both stores", async () => {
    await post("/api/admin/news", news("Road safety", `<p>${"Cross at the lights. ".repeat(12)}Walk your bike.</p>`));
    await post("/api/admin/news", news("Summer fair", "<p>Bring your bike. Bikes are parked by the bike shed.</p>"));
    await post("/api/admin/events", event("Bike repair workshop", "Fix punctures and chains with the tools we bring."));
    await post("/api/admin/news", news("Bike ride day", "<p>Our bike ride starts at ten.</p>"));
    await post("/api/admin/news", news("Cake sale", "<p>Lemon drizzle.</p>"));
    await post("/api/admin/albums", { title: "Sports day", date: "2026-03-01" });

    const answer = await search(api.t, "bike");
    expect(answer.results.map((r) => r.title)).toEqual([
      "Bike ride day",
      "Bike repair workshop",
      "Summer fair",
      "Road safety",
    ]);
    expect(answer).toMatchObject({ page: 1, pages: 1, total: 4 });
    expect(answer.suggestion).toBeUndefined();
  });

  it("answers each result's type, id, title, link and date; an event says whether it is to come", async () => {
    const item = await post("/api/admin/news", news("Kite flying", "<p>Windy kites.</p>"));
    const coming = await post("/api/admin/events", event("Kite workshop", "Make a kite."));
    const past = await post("/api/admin/events", event("Kite day", "Fly it.", { date: "2025-05-01T10:00:00.000Z" }));
    const album = await post("/api/admin/albums", { title: "Kites at the park", date: "2026-02-20" });
    const photo = await post("/api/admin/gallery", {
      imageUrl: "https://example.org/kite.jpg",
      caption: "A red kite",
      albumId: album.id,
    });
    const loose = await post("/api/admin/gallery", { imageUrl: "https://example.org/k.jpg", caption: "Kite tails" });

    const { results } = await search(api.t, "kite");
    const byTitle = new Map(results.map((r) => [r.title, r]));
    expect(byTitle.get("Kite flying")).toMatchObject({
      type: "news",
      id: item.id,
      url: `/news/${item.id}`,
      date: "2026-02-01T09:00:00.000Z",
    });
    expect(byTitle.get("Kite workshop")).toMatchObject({ type: "event", url: `/events/${coming.id}`, upcoming: true });
    expect(byTitle.get("Kite day")).toMatchObject({ type: "event", url: `/events/${past.id}`, upcoming: false });
    expect(byTitle.get("Kites at the park")).toMatchObject({
      type: "album",
      url: `/gallery/albums/${album.id}`,
      date: "2026-02-20",
    });
    expect(byTitle.get("A red kite")).toMatchObject({
      type: "image",
      url: `/gallery/albums/${album.id}?image=${photo.id}`,
    });
    expect(byTitle.get("Kite tails")).toMatchObject({ type: "image", url: `/gallery?image=${loose.id}` });
    expect(results).toHaveLength(6);
  });

  it("marks the words found and escapes the content's own text; markup is never found", async () => {
    await post("/api/admin/events", event("Cycling proficiency", "Helmets & gloves for ages 5<7, please."));
    await post("/api/admin/news", news("Safety", "<p>Every <strong>helmet</strong> is checked.</p>"));

    const { results } = await search(api.t, "helmet");
    const snippets = new Map(results.map((r) => [r.title, r.snippet]));
    expect(snippets.get("Cycling proficiency")).toContain("<mark>Helmets</mark> &amp; gloves for ages 5&lt;7");
    expect(snippets.get("Safety")).toBe("Every <mark>helmet</mark> is checked.");
    for (const { snippet } of results) expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    expect(await found("strong")).toEqual([]);
  });

  it("stems English words the same way: 'helmet' finds 'helmets' and back", async () => {
    await post("/api/admin/news", news("Bring helmets", "<p>For the ride.</p>"));
    await post("/api/admin/events", event("Fitting", "Each child gets a helmet."));
    expect((await found("helmet")).sort()).toEqual(["Bring helmets", "Fitting"]);
    expect((await found("helmets")).sort()).toEqual(["Bring helmets", "Fitting"]);
    expect(await found("the helmets ride")).toEqual(["Bring helmets"]);
    // English stop words are left out on both stores: alone they find nothing.
    expect(await found("the")).toEqual([]);
    expect(await found("for the")).toEqual([]);
  });

  it("matches a query of one or two characters as the start of a word", async () => {
    await post("/api/admin/news", news("Bike ride", "<p>Fun.</p>"));
    await post("/api/admin/news", news("Cake sale", "<p>Bits of biscuit.</p>"));
    expect((await found("bi")).sort()).toEqual(["Bike ride", "Cake sale"]);
    expect(await found("C")).toEqual(["Cake sale"]);
    expect(await found("zq")).toEqual([]);
    expect(await found("?!")).toEqual([]);
  });

  it("pages ten at a time", async () => {
    for (let n = 1; n <= 12; n++) {
      await post(
        "/api/admin/news",
        news(`Picnic ${n}`, "<p>Sandwiches.</p>", { publishedAt: `2026-01-${10 + n}T09:00:00.000Z` }),
      );
    }
    const first = await search(api.t, "picnic");
    expect(first).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first.results).toHaveLength(10);
    expect(first.results[0].title).toBe("Picnic 12");
    const second = await search(api.t, "picnic", 2);
    expect(second.results.map((r) => r.title)).toEqual(["Picnic 2", "Picnic 1"]);
    expect((await api.t.request("/api/search?q=picnic&page=3")).status).toBe(404);
  });

  it("counts every match but pages through at most 1,000 of them", async () => {
    const { db } = api.t.api.store;
    const at = "2026-01-05T09:00:00.000Z";
    const rows = Array.from({ length: 1_005 }, (_, n) => ({
      title: `Club notice ${n}`,
      content: "<p>From the club.</p>",
      published_at: at,
      created_at: at,
      updated_at: at,
      publish_at: at,
      announced_at: at,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await db
        .insertInto("news")
        .values(rows.slice(start, start + 200))
        .execute();
    }
    await fillSearchIndex(db, api.t.clock.now());

    expect(await search(api.t, "club")).toMatchObject({ page: 1, pages: 100, total: 1_005 });
    expect((await search(api.t, "club", 100)).results).toHaveLength(10);
    expect((await api.t.request("/api/search?q=club&page=101")).status).toBe(404);
  });

  it("refuses a missing, empty or over-long query and a bad page, naming the field", async () => {
    await expect400(await api.t.request("/api/search"), "q");
    await expect400(await api.t.request("/api/search?q=%20%20"), "q");
    await expect400(await api.t.request(`/api/search?q=${"a".repeat(201)}`), "q");
    expect((await api.t.request(`/api/search?q=${"a".repeat(200)}`)).status).toBe(200);
    await expect400(await api.t.request("/api/search?q=bike&page=0"), "page");
    await expect400(await api.t.request("/api/search?q=bike&page=two"), "page");
  });
});

describe("nothing private is ever found", () => {
  it("a draft is not found, until it is published; a deleted item no more", async () => {
    const draft = await post("/api/admin/news", news("Secret plans", "<p>Treasure hunt.</p>", { status: "draft" }));
    const shown = await post("/api/admin/events", event("Treasure hunt", "In the woods."));
    expect(await found("treasure")).toEqual(["Treasure hunt"]);

    const publish = await api.t.request(`/api/admin/news/${draft.id}`, {
      method: "PUT",
      token: api.token,
      json: news("Secret plans", "<p>Treasure hunt.</p>", { status: "published" }),
    });
    expect(publish.status).toBe(200);
    expect((await found("treasure")).sort()).toEqual(["Secret plans", "Treasure hunt"]);

    const back = await api.t.request(`/api/admin/news/${draft.id}`, {
      method: "PUT",
      token: api.token,
      json: news("Secret plans", "<p>Treasure hunt.</p>", { status: "draft" }),
    });
    expect(back.status).toBe(200);
    expect(await found("treasure")).toEqual(["Treasure hunt"]);

    expect((await api.t.request(`/api/admin/events/${shown.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    expect(await found("treasure")).toEqual([]);
  });

  it("a scheduled item is found from its time, not a moment before", async () => {
    const at = new Date(api.t.clock.now().getTime() + HOUR).toISOString();
    await post("/api/admin/news", news("Halloween disco", "<p>Costumes.</p>", { status: "scheduled", publishAt: at }));
    await post(
      "/api/admin/events",
      event("Pumpkin carving", "Costumes welcome.", { status: "scheduled", publishAt: at }),
    );
    expect(await found("costumes")).toEqual([]);
    expect((await search(api.t, "halowen")).suggestion).toBeUndefined();

    api.t.clock.current = new Date(at);
    expect(await api.t.api.announcePublished()).toBe(2);
    expect((await found("costumes")).sort()).toEqual(["Halloween disco", "Pumpkin carving"]);
  });

  it("a parents-only album and its photos are never found; made public they are, and back", async () => {
    const album = await post("/api/admin/albums", { title: "Camping trip", date: "2026-02-20", visibility: "parents" });
    await post("/api/admin/gallery", { imageUrl: "https://example.org/c.jpg", caption: "Tents up", albumId: album.id });
    await post("/api/admin/gallery", { imageUrl: "https://example.org/d.jpg", caption: "Tents down" });
    expect(await found("camping")).toEqual([]);
    expect(await found("tents")).toEqual(["Tents down"]);

    const update = (visibility: string) =>
      api.t.request(`/api/admin/albums/${album.id}`, {
        method: "PUT",
        token: api.token,
        json: { title: "Camping trip", date: "2026-02-20", visibility },
      });
    expect((await update("public")).status).toBe(200);
    expect(await found("camping")).toEqual(["Camping trip"]);
    expect((await found("tents")).sort()).toEqual(["Tents down", "Tents up"]);

    expect((await update("parents")).status).toBe(200);
    expect(await found("camping")).toEqual([]);
    expect(await found("tents")).toEqual(["Tents down"]);
  });

  it("a photo moved into a parents-only album leaves the search; a deleted photo and album too", async () => {
    const closed = await post("/api/admin/albums", {
      title: "Family lunch",
      date: "2026-02-20",
      visibility: "parents",
    });
    const open = await post("/api/admin/albums", { title: "Sports lunch", date: "2026-02-21" });
    const photo = await post("/api/admin/gallery", { imageUrl: "https://example.org/e.jpg", caption: "Soup" });
    expect(await found("soup")).toEqual(["Soup"]);
    const moved = await api.t.request(`/api/admin/gallery/${photo.id}`, {
      method: "PUT",
      token: api.token,
      json: { imageUrl: "https://example.org/e.jpg", caption: "Soup", albumId: closed.id },
    });
    expect(moved.status).toBe(200);
    expect(await found("soup")).toEqual([]);

    const other = await post("/api/admin/gallery", { imageUrl: "https://example.org/f.jpg", caption: "Bread" });
    expect((await api.t.request(`/api/admin/gallery/${other.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    expect(await found("bread")).toEqual([]);
    expect((await api.t.request(`/api/admin/albums/${open.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    expect(await found("lunch")).toEqual([]);
  });
});

describe("close spellings", () => {
  it("suggests a close spelling that finds something ('halowen' → 'Halloween')", async () => {
    await post("/api/admin/news", news("Halloween disco", "<p>Spooky costumes and a pumpkin contest.</p>"));
    const answer = await search(api.t, "halowen");
    expect(answer).toMatchObject({ results: [], total: 0, page: 1, pages: 1, suggestion: "Halloween" });
    expect((await search(api.t, "halowen pumpkn")).suggestion).toBe("Halloween pumpkin");
    expect((await search(api.t, "costume")).suggestion).toBeUndefined();
    expect((await search(api.t, "xylophone")).suggestion).toBeUndefined();
  });

  it("never suggests a word only a private item holds", async () => {
    await post("/api/admin/news", news("Marshmallows", "<p>Toasting.</p>", { status: "draft" }));
    await post("/api/admin/albums", { title: "Marshmallow toast", date: "2026-02-20", visibility: "parents" });
    expect((await search(api.t, "marshmalow")).suggestion).toBeUndefined();
  });
});

describe("a site that had content before the search", () => {
  it("has its public content indexed by the search's migration, and nothing private", async () => {
    await post("/api/admin/news", news("Sponsored walk", "<p>Ten miles.</p>"));
    await post("/api/admin/news", news("Walk plans", "<p>Draft.</p>", { status: "draft" }));
    const at = new Date(api.t.clock.now().getTime() + HOUR).toISOString();
    await post("/api/admin/events", event("Night walk", "Torches.", { status: "scheduled", publishAt: at }));
    const album = await post("/api/admin/albums", { title: "Walk photos", date: "2026-02-20", visibility: "parents" });
    await post("/api/admin/gallery", { imageUrl: "https://example.org/w.jpg", caption: "Walkers", albumId: album.id });
    const { db } = api.t.api.store;
    await sql`delete from search_documents`.execute(db);
    await sql`delete from search_words`.execute(db);
    expect(await found("walk")).toEqual([]);

    await fillSearchIndex(db, api.t.clock.now());
    expect(await found("walk")).toEqual(["Sponsored walk"]);
    expect((await search(api.t, "sponsord")).suggestion).toBe("Sponsored");
  });
});
