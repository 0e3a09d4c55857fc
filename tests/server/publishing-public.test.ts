import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServing, stop, type Child } from "../fixtures/real-server";

/**
 * docs/product.md, 'Publishing': a draft and an item scheduled for later are nowhere a
 * visitor looks, on every public page, item page, feed, calendar and sitemap of the real
 * server, while the published ones beside them are. (A scheduled item appearing at its
 * time is tested with the clock moved: tests/api/publishing.test.ts.) Needs `npm run build`.
 */
const PASSWORD = "publishing-test-password";
let dataDir: string;
let server: Child & { base: string };
let token: string;

async function create(kind: "events" | "news", body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.base}/api/admin/${kind}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
const ids: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-publishing-"));
  server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: "0" });
  const login = await fetch(`${server.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
  const news = (title: string, extra = {}) =>
    create("news", { title, content: `<p>${title} words</p>`, publishedAt: "2026-11-01", ...extra });
  const event = (name: string, extra = {}) =>
    create("events", {
      name,
      date: "2031-05-01T10:00:00.000Z",
      comment: `${name} words`,
      bookingUrl: "https://example.org/book",
      ...extra,
    });
  ids.news = await news("Published news");
  ids.draftNews = await news("Draft news", { status: "draft" });
  ids.laterNews = await news("Later news", { status: "scheduled", publishAt: later });
  ids.event = await event("Published event");
  ids.draftEvent = await event("Draft event", { status: "draft" });
  ids.laterEvent = await event("Later event", { status: "scheduled", publishAt: later });
});

afterAll(async () => {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function read(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.base}${path}`);
  return { status: response.status, text: await response.text() };
}

it("lists and feeds show the published items only", async () => {
  const shows: Record<string, string> = {
    "/": "Published news",
    "/news": "Published news",
    "/news.xml": "Published news",
    "/events": "Published event",
    "/events.ics": "Published event",
    "/sitemap-news.xml": `/news/${ids.news}<`,
    "/sitemap-events.xml": `/events/${ids.event}<`,
  };
  for (const [path, published] of Object.entries(shows)) {
    const { status, text } = await read(path);
    expect(status, path).toBe(200);
    expect(text, path).toContain(published);
    for (const hidden of ["Draft news", "Later news", "Draft event", "Later event"]) {
      expect(text, `${path} shows ${hidden}`).not.toContain(hidden);
    }
    for (const id of [ids.draftNews, ids.laterNews]) expect(text, path).not.toMatch(new RegExp(`/news/${id}\\b`));
    for (const id of [ids.draftEvent, ids.laterEvent]) expect(text, path).not.toMatch(new RegExp(`/events/${id}\\b`));
  }
});

it("their own pages, calendar files and /api calls are not found", async () => {
  for (const path of [
    `/news/${ids.draftNews}`,
    `/news/${ids.laterNews}`,
    `/events/${ids.draftEvent}`,
    `/events/${ids.laterEvent}`,
    `/events/${ids.draftEvent}.ics`,
    `/api/news/${ids.draftNews}`,
    `/api/events/${ids.laterEvent}`,
  ]) {
    expect((await read(path)).status, path).toBe(404);
  }
  expect((await read(`/news/${ids.news}`)).status).toBe(200);
  expect((await read(`/events/${ids.event}.ics`)).status).toBe(200);
});
