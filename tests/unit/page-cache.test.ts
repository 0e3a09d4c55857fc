import { describe, expect, it } from "vitest";
import { isCacheableRequest, PageCache } from "~/lib/public/page-cache.server";
import { commitSession, getSession } from "~/lib/security/session.server";

function page(nonce: string, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body><script nonce="${nonce}">2</script></body></html>`;
  return new Response(html, {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });
}

/** A feed as its route sends it: shareable for five minutes, with its ETag. */
function feed(body: string, cacheControl = "public, max-age=300"): Response {
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": cacheControl, ETag: '"tag"' },
  });
}

function setup({ maxChars = 1_000_000 } = {}) {
  const state = { version: 1, time: 0 };
  const cache = new PageCache({
    maxAgeMs: 5_000,
    maxSharedAgeMs: 300_000,
    maxEntries: 2,
    maxChars,
    now: () => state.time,
  });
  return { cache, state };
}

describe("the public page cache", () => {
  it("serves a kept page with each answer's own nonce in every place the old one was", async () => {
    const { cache, state } = setup();
    const sent = await cache.put("/", page("first-nonce"), "first-nonce", 1);
    expect(await sent.text()).toContain('nonce="first-nonce"');
    const again = cache.get("/", "second-nonce", state.version);
    const html = await again!.text();
    expect(html).not.toContain("first-nonce");
    expect(html.match(/nonce="second-nonce"/g)).toHaveLength(2);
    expect(again!.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("forgets a page as soon as the content changes, and after its few seconds", async () => {
    const { cache, state } = setup();
    await cache.put("/", page("n1"), "n1", 1);
    state.version = 2;
    expect(cache.get("/", "n2", state.version)).toBeNull();

    await cache.put("/", page("n3"), "n3", 2);
    state.time = 5_001;
    expect(cache.get("/", "n4", state.version)).toBeNull();
  });

  it("never keeps a page rendered while a write ran (the version it started from is stale)", async () => {
    const { cache, state } = setup();
    state.version = 3;
    await cache.put("/news", page("n1"), "n1", 2);
    expect(cache.get("/news", "n2", state.version)).toBeNull();
  });

  it("keeps no answer that sets a cookie, fails, or is not a page", async () => {
    const { cache, state } = setup();
    await cache.put("/a", page("n", { headers: { "Set-Cookie": "__session=x" } }), "n", 1);
    await cache.put("/b", page("n", { status: 404 }), "n", 1);
    await cache.put("/c", new Response("{}", { headers: { "Content-Type": "application/json" } }), "n", 1);
    await cache.put("/d", feed("x", "private, max-age=300"), "n", 1);
    await cache.put("/e", feed("x", "public, no-cache"), "n", 1);
    await cache.put("/f", feed("x", "public, max-age=0"), "n", 1);
    for (const key of ["/a", "/b", "/c", "/d", "/e", "/f"]) expect(cache.get(key, "m", state.version)).toBeNull();
  });

  it("holds at most maxEntries pages, the least recently used going first", async () => {
    const { cache, state } = setup();
    await cache.put("/1", page("n"), "n", 1);
    await cache.put("/2", page("n"), "n", 1);
    cache.get("/1", "m", state.version);
    await cache.put("/3", page("n"), "n", 1);
    expect(cache.get("/2", "m", state.version)).toBeNull();
    expect(cache.get("/1", "m", state.version)).not.toBeNull();
    expect(cache.get("/3", "m", state.version)).not.toBeNull();
  });

  it("keeps a shared answer byte for byte for its max-age, and tells its age", async () => {
    const { cache, state } = setup();
    const body = "BEGIN:VCALENDAR\r\nX-NOT-A-NONCE:n1\r\nEND:VCALENDAR";
    const sent = await cache.put("/events.ics", feed(body), "n1", 1);
    expect(sent.headers.has("Age")).toBe(false);
    expect(await sent.text()).toBe(body);

    state.time = 299_500;
    const kept = cache.get("/events.ics", "n2", state.version);
    expect(await kept?.text()).toBe(body);
    expect(kept?.headers.get("ETag")).toBe('"tag"');
    expect(kept?.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(kept?.headers.get("Age")).toBe("299");

    state.time = 300_001;
    expect(cache.get("/events.ics", "n3", state.version)).toBeNull();
  });

  it("forgets a shared answer at the next write, and keeps one no longer than maxSharedAgeMs", async () => {
    const { cache, state } = setup();
    await cache.put("/news.xml", feed("<rss/>"), "n", 1);
    state.version = 2;
    expect(cache.get("/news.xml", "n", state.version)).toBeNull();

    await cache.put("/robots.txt", feed("User-agent: *", "public, max-age=86400"), "n", 2);
    state.time = 300_001;
    expect(cache.get("/robots.txt", "n", state.version)).toBeNull();
  });

  it("holds at most maxChars of bodies, dropping the least recently used, and never one larger", async () => {
    const { cache, state } = setup({ maxChars: 10 });
    await cache.put("/a", feed("aaaaaa"), "n", 1);
    await cache.put("/b", feed("bbbbbb"), "n", 1);
    expect(cache.get("/a", "n", state.version)).toBeNull();
    expect(await cache.get("/b", "n", state.version)?.text()).toBe("bbbbbb");

    const large = await cache.put("/c", feed("c".repeat(11)), "n", 1);
    expect(await large.text()).toBe("c".repeat(11));
    expect(cache.get("/c", "n", state.version)).toBeNull();
    expect(cache.get("/b", "n", state.version)).not.toBeNull();
  });

  it("is for anonymous GETs of public pages only, in any spelling of the address", async () => {
    const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);
    const cacheable = (path: string, init?: RequestInit) => isCacheableRequest(request(path, init));
    expect(await cacheable("/news")).toBe(true);
    expect(await cacheable("/news.xml")).toBe(true);
    expect(await cacheable("/news", { method: "POST" })).toBe(false);
    expect(await cacheable("/news?_data=routes%2Fnews")).toBe(false);
    for (const path of [
      "/admin",
      "/admin/news",
      "/ADMIN/news?x=1",
      "/Admin/dashboard",
      "/%61dmin/news",
      "//admin/news",
    ]) {
      expect(await cacheable(path), path).toBe(false);
    }
    for (const path of ["/api/news", "/API/news", "/Api/gallery"]) expect(await cacheable(path), path).toBe(false);
  });

  it("never serves or keeps a request the app would read a session from, however its Cookie header is spelled", async () => {
    const session = await getSession(new Request("http://localhost"));
    session.set("token", "a-token");
    const [name, value] = (await commitSession(session)).split(";")[0].split(/=(.*)/s);
    const withCookie = (cookie: string) =>
      isCacheableRequest(new Request("http://localhost/news", { headers: { Cookie: cookie } }));
    for (const cookie of [
      `${name}=${value}`,
      `theme=dark; ${name}=${value}`,
      `${name} =${value}`,
      `${name}\t=${value}`,
      ` ${name} = ${value}`,
      `${name}=${value}; ${name}=not-a-session`,
    ]) {
      expect(await withCookie(cookie), cookie).toBe(false);
    }
    // Cookies the app reads no session from: the page is the one everybody gets.
    expect(await withCookie("theme=dark")).toBe(true);
    expect(await withCookie(`${name}=forged`)).toBe(true);
    expect(await withCookie(`${name}=not-a-session; ${name}=${value}`)).toBe(true);
  });

  it("never serves or keeps a request carrying the gallery cookie, however its name is spaced", async () => {
    const withCookie = (cookie: string) =>
      isCacheableRequest(new Request("http://localhost/gallery", { headers: { Cookie: cookie } }));
    for (const cookie of [
      "gallery=1.2.3",
      "gallery =1.2.3",
      "gallery\t=1.2.3",
      " __Host-gallery = 1.2.3",
      "a=b;gallery =1",
    ]) {
      expect(await withCookie(cookie), cookie).toBe(false);
    }
    expect(await withCookie("galleryx=1.2.3")).toBe(true);
  });

  it("keeps nothing an answer marks private", async () => {
    const cache = new PageCache({ maxAgeMs: 5_000, maxSharedAgeMs: 300_000, maxEntries: 10, maxChars: 1_000_000 });
    await cache.put("/p", page("n", { headers: { "Cache-Control": "private, no-store" } }), "n", 1);
    expect(cache.get("/p", "m", 1)).toBeNull();
  });
});
