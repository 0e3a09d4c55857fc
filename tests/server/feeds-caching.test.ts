import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, signInByForm } from "../fixtures/api-client";
import { freePort, servingForTests, startServer, stop, type Child } from "../fixtures/real-server";

/**
 * The feeds as a calendar app, a feed reader or a crawler meets them at the real server
 * (needs `npm run build`): an ETag that is the body's hash, a 304 for a copy still
 * current, the same answer kept while nothing changes (a kept answer says so with
 * `Age`, RFC 9111 §5.1), and a write making the very next fetch new. With API_URL there
 * is no server cache, and the ETag and the 304 work all the same.
 */
const PASSWORD = "feeds-caching-password";
const FEEDS = [
  "/news.xml",
  "/events.ics",
  "/sitemap.xml",
  "/sitemap-pages.xml",
  "/sitemap-news.xml?page=1",
  "/sitemap-events.xml?page=1",
];
const IDENTITY = { "Accept-Encoding": "identity" };

const serving = servingForTests("club-feeds-cache-", { ADMIN_PASSWORD: PASSWORD });

const hashOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url")}"`;

async function read(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { ...IDENTITY, ...headers } });
  return { response, body: await response.text() };
}

async function write(path: string, body: unknown): Promise<void> {
  const token = await adminToken(serving.base, PASSWORD);
  const created = await fetch(`${serving.base}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(created.status).toBe(201);
}

const soon = () => new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();

/** Revalidating `etag`: a 304 with no body, and the headers a cache needs to keep its copy. */
async function expectNotModified(base: string, path: string, etag: string, headers: Record<string, string> = {}) {
  const { response, body } = await read(base, path, { ...headers, "If-None-Match": etag });
  expect(response.status, path).toBe(304);
  expect(body).toBe("");
  expect(response.headers.get("ETag")).toBe(etag);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
}

describe("each feed from the embedded /api", () => {
  it.each(FEEDS)("%s has a strong ETag, the hash of its body, and answers a current copy with 304", async (path) => {
    const { response, body } = await read(serving.base, path);
    expect(response.status).toBe(200);
    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(etag).toBe(hashOf(body));
    await expectNotModified(serving.base, path, etag);
    // A list of tags, or the weak form a client kept from a gzipped answer, matches too.
    await expectNotModified(serving.base, path, etag, { "If-None-Match": `"other", W/${etag}` });
    const other = await read(serving.base, path, { "If-None-Match": '"something-else"' });
    expect(other.response.status).toBe(200);
    expect(other.body).toBe(body);
  });

  it.each(FEEDS)("%s gzipped carries the same tag, marked weak, and revalidates with it", async (path) => {
    const { response } = await read(serving.base, path, { "Accept-Encoding": "gzip" });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toBe(`W/${(await read(serving.base, path)).response.headers.get("ETag")}`);
    await expectNotModified(serving.base, path, etag, { "Accept-Encoding": "gzip" });
  });

  it.each(FEEDS)("%s is made once while nothing changes: the repeat is the kept answer", async (path) => {
    const first = await read(serving.base, path);
    const again = await read(serving.base, path);
    expect(again.response.headers.get("Age")).toMatch(/^\d+$/);
    expect(again.body).toBe(first.body);
    expect(again.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    expect(again.response.headers.get("Content-Type")).toBe(first.response.headers.get("Content-Type"));
  });

  it("makes every feed anew after a write: a new ETag, no Age, and the old tag gets the full answer", async () => {
    const before = new Map<string, string>();
    for (const path of FEEDS) {
      await read(serving.base, path);
      const kept = await read(serving.base, path);
      expect(kept.response.headers.has("Age"), path).toBe(true);
      before.set(path, kept.response.headers.get("ETag") ?? "");
    }
    await write("/api/admin/news", {
      title: "Cache buster",
      content: "<p>New</p>",
      publishedAt: new Date().toISOString(),
    });
    await write("/api/admin/events", {
      name: "Kite Day",
      date: soon(),
      comment: "Bring a kite.",
      bookingUrl: "https://example.org/book/kites",
    });
    for (const path of FEEDS) {
      const old = before.get(path) ?? "";
      const { response, body } = await read(serving.base, path, { "If-None-Match": old });
      expect(response.status, path).toBe(200);
      expect(response.headers.has("Age"), path).toBe(false);
      expect(response.headers.get("ETag"), path).not.toBe(old);
      expect(response.headers.get("ETag"), path).toBe(hashOf(body));
    }
    expect((await read(serving.base, "/news.xml")).body).toContain("Cache buster");
    expect((await read(serving.base, "/events.ics")).body).toContain("Kite Day");
  });

  it("serves an administrator's request, and the /api, fresh every time", async () => {
    const session = await signInByForm(serving.base, PASSWORD);
    for (let i = 0; i < 2; i++) {
      const signedIn = await read(serving.base, "/news.xml", { Cookie: session });
      expect(signedIn.response.status).toBe(200);
      expect(signedIn.response.headers.has("Age")).toBe(false);
      const api = await read(serving.base, "/api/news?limit=1");
      expect(api.response.headers.has("Age")).toBe(false);
    }
  });
});

describe("with API_URL (no server cache)", () => {
  let remoteDir: string;
  let remote: Child;
  let base: string;

  beforeAll(async () => {
    remoteDir = mkdtempSync(join(tmpdir(), "club-feeds-remote-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    remote = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      API_URL: serving.base,
      DATA_DIR: remoteDir,
      SESSION_SECRET: "feeds-caching-remote-secret-0123456789",
    });
    await remote.printed("Serving on");
  });

  afterAll(async () => {
    await stop(remote);
    rmSync(remoteDir, { recursive: true, force: true });
  });

  it.each(FEEDS)("%s is made on every fetch, with its body's ETag, and a current copy gets 304", async (path) => {
    const first = await read(base, path);
    expect(first.response.status).toBe(200);
    const etag = first.response.headers.get("ETag") ?? "";
    expect(etag).toBe(hashOf(first.body));
    const again = await read(base, path);
    expect(again.response.headers.has("Age")).toBe(false);
    expect(again.response.headers.get("ETag")).toBe(etag);
    await expectNotModified(base, path, etag);
  });

  it("gives the next fetch after a write at the upstream a new ETag", async () => {
    const before = (await read(base, "/news.xml")).response.headers.get("ETag") ?? "";
    await write("/api/admin/news", { title: "Far away", content: "<p>Hi</p>", publishedAt: new Date().toISOString() });
    const { response, body } = await read(base, "/news.xml", { "If-None-Match": before });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).not.toBe(before);
    expect(body).toContain("Far away");
  });
});
