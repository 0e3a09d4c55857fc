import { describe, expect, it } from "vitest";
import { isCacheableRequest, PageCache } from "~/lib/public/page-cache.server";

function page(nonce: string, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body><script nonce="${nonce}">2</script></body></html>`;
  return new Response(html, {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });
}

function setup() {
  const state = { version: 1, time: 0 };
  const cache = new PageCache({ maxAgeMs: 5_000, maxEntries: 2, now: () => state.time });
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
    for (const key of ["/a", "/b", "/c"]) expect(cache.get(key, "m", state.version)).toBeNull();
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

  it("is for anonymous GETs of public pages only", () => {
    const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);
    expect(isCacheableRequest(request("/news"), "/news")).toBe(true);
    expect(isCacheableRequest(request("/news", { method: "POST" }), "/news")).toBe(false);
    expect(isCacheableRequest(request("/admin/news"), "/admin/news")).toBe(false);
    expect(isCacheableRequest(request("/news?_data=routes%2Fnews"), "/news")).toBe(false);
    for (const cookie of ["__session=abc", "theme=dark; __Host-session=abc"]) {
      expect(isCacheableRequest(request("/news", { headers: { Cookie: cookie } }), "/news")).toBe(false);
    }
    expect(isCacheableRequest(request("/news", { headers: { Cookie: "theme=dark" } }), "/news")).toBe(true);
  });
});
