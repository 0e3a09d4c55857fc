import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { json, makeApi, queryStored, tempDataDir, type TestApi } from "./helpers";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

interface Event {
  id: number;
  name: string;
  date: string;
  bookingUrl: string;
  imageUrl: string | null;
}
interface News {
  id: number;
  title: string;
  content: string;
  publishedAt: string;
}
interface GalleryItem {
  id: number;
  imageUrl: string;
  caption: string | null;
}

let t: TestApi | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await t?.api.close();
  t = undefined;
  await cleanup?.();
});

describe("demo seed", () => {
  it("fills an empty database once, and a restart neither re-seeds nor loses data", async () => {
    const temp = await tempDataDir();
    cleanup = temp.cleanup;
    t = await makeApi({ dataDir: temp.dir, seedDemo: true });
    const now = t.clock.now().getTime();

    const news = await json<News[]>(await t.request("/api/news"));
    expect(news.length).toBeGreaterThanOrEqual(3);
    const allContent = news.map((n) => n.content).join("");
    for (const tag of ["<h1>", "<h2>", "<strong>", '<a href="', "<ul>", "<li>"]) expect(allContent).toContain(tag);
    expect(allContent).not.toContain("<script");

    const events = await json<Event[]>(await t.request("/api/events"));
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.filter((e) => new Date(e.date).getTime() < now).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => new Date(e.date).getTime() > now).length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(e.bookingUrl).toMatch(/^https:\/\/example\.org\/book\//);
    const dates = events.map((e) => e.date);
    expect([...dates].sort()).toEqual(dates);

    const gallery = await json<GalleryItem[]>(await t.request("/api/gallery"));
    expect(gallery.length).toBeGreaterThanOrEqual(4);
    for (const item of gallery) {
      expect(item.imageUrl).toMatch(/^\/objects\/images\//);
      expect(item.caption).toBeTruthy();
      const res = await t.request(item.imageUrl);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(["jpeg", "png"]).toContain(meta.format);
      const variant = await t.request(`${item.imageUrl}?w=960`);
      expect(variant.headers.get("content-type")).toBe("image/webp");
    }
    // Every image an event uses is served by us.
    for (const e of events) if (e.imageUrl) expect((await t.request(e.imageUrl)).status).toBe(200);

    const who = await json<Record<string, string>>(await t.request("/api/who-we-are"));
    expect(who.aboutUs).toContain("Oakfield Primary Dads’ Club");
    expect(who.aboutUs).toContain("\n\n");
    expect(who.whoAreWe).not.toBe("");
    expect(who.contactEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    const what = await json<Record<string, string>>(await t.request("/api/what-we-do"));
    for (const key of ["mission", "activities", "impact"]) expect(what[key]).not.toBe("");
    expect(what.activities).toContain("\n\n");

    // The administrator deletes a news item and the server restarts.
    const token = await t.login();
    expect((await t.request(`/api/admin/news/${news[0].id}`, { method: "DELETE", token })).status).toBe(200);
    await t.api.close();
    t = await makeApi({ dataDir: temp.dir, seedDemo: true });
    const afterRestart = await json<News[]>(await t.request("/api/news"));
    expect(afterRestart).toEqual(news.slice(1));
    expect(await json<Event[]>(await t.request("/api/events"))).toEqual(events);
    expect(await json<GalleryItem[]>(await t.request("/api/gallery"))).toEqual(gallery);
    const images = await queryStored<{ n: number }>(temp.dir, "SELECT COUNT(*) AS n FROM images");
    expect(images[0].n).toBe(gallery.length);

    // The token issued before the restart is still valid: it lives in the database.
    expect((await t.request("/api/admin/logout", { method: "POST", token })).status).toBe(200);
  });

  it("does not come back after everything has been deleted", async () => {
    const temp = await tempDataDir();
    cleanup = temp.cleanup;
    t = await makeApi({ dataDir: temp.dir, seedDemo: true });
    const token = await t.login();
    for (const [list, admin] of [
      ["/api/news", "/api/admin/news"],
      ["/api/events", "/api/admin/events"],
      ["/api/gallery", "/api/admin/gallery"],
    ] as const) {
      for (const item of await json<Array<{ id: number }>>(await t.request(list))) {
        expect((await t.request(`${admin}/${item.id}`, { method: "DELETE", token })).status).toBe(200);
      }
    }
    await t.api.close();
    t = await makeApi({ dataDir: temp.dir, seedDemo: true });
    expect(await json(await t.request("/api/news"))).toEqual([]);
    expect(await json(await t.request("/api/events"))).toEqual([]);
    expect(await json(await t.request("/api/gallery"))).toEqual([]);
  });

  it("seeds nothing when seedDemo is false", async () => {
    t = await makeApi({ seedDemo: false });
    expect(await json(await t.request("/api/news"))).toEqual([]);
    expect(await json(await t.request("/api/events"))).toEqual([]);
    expect(await json(await t.request("/api/gallery"))).toEqual([]);
    expect(await json(await t.request("/api/who-we-are"))).toEqual({ aboutUs: "", whoAreWe: "", contactEmail: "" });
  });

  it("keeps an existing admin password on restart and uses the configured one on first run", async () => {
    const temp = await tempDataDir();
    cleanup = temp.cleanup;
    t = await makeApi({ dataDir: temp.dir, adminPassword: "first-password" });
    expect(
      (await t.request("/api/admin/login", { method: "POST", json: { username: "admin", password: "first-password" } }))
        .status,
    ).toBe(200);
    await t.api.close();
    const reported: string[] = [];
    t = await makeApi({
      dataDir: temp.dir,
      adminPassword: undefined,
      onGeneratedPassword: (_u, p) => reported.push(p),
    });
    expect(reported).toEqual([]);
    expect(
      (await t.request("/api/admin/login", { method: "POST", json: { username: "admin", password: "first-password" } }))
        .status,
    ).toBe(200);
    const stored = await queryStored<{ password_hash: string }>(temp.dir, "SELECT password_hash FROM users");
    expect(stored[0].password_hash).toMatch(
      new RegExp(`^scrypt\\$${TEST_SCRYPT_COST}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`),
    );
  });
});
