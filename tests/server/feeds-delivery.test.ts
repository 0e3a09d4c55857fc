import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCalendar } from "../fixtures/ical";
import { startServing, stop, type Child } from "../fixtures/real-server";

/**
 * The calendar, feed, sitemap and robots.txt from the real server (needs `npm run build`):
 * the routes the Remix build really matches, the headers that reach a calendar app, and
 * a new event in the calendar on the very next fetch, though the server keeps the calendar.
 */
const PASSWORD = "feeds-delivery-password";
const SITE_URL = "https://dads.example.org";

let dataDir: string;
let server: Child & { base: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-feeds-"));
  server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, SITE_URL });
});

afterAll(async () => {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
});

const fetchPath = (path: string, init?: RequestInit) => fetch(`${server.base}${path}`, init);

async function adminToken(): Promise<string> {
  const login = await fetchPath("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}

describe("what the server sends", () => {
  it.each([
    ["/events.ics", "text/calendar; charset=utf-8"],
    ["/news.xml", "application/rss+xml; charset=utf-8"],
    ["/sitemap.xml", "application/xml; charset=utf-8"],
    ["/sitemap-pages.xml", "application/xml; charset=utf-8"],
    ["/sitemap-news.xml?page=1", "application/xml; charset=utf-8"],
    ["/sitemap-events.xml?page=1", "application/xml; charset=utf-8"],
    ["/robots.txt", "text/plain; charset=utf-8"],
  ])("%s as %s, cacheable for five minutes, compressed when asked", async (path, type) => {
    const response = await fetchPath(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(type);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  it("names the sitemap in robots.txt by SITE_URL (the route, not a static file)", async () => {
    const robots = await (await fetchPath("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
    expect(await (await fetchPath("/sitemap.xml")).text()).toContain(`<loc>${SITE_URL}/events</loc>`);
  });
});

describe("the sitemaps an index lists", () => {
  it("are matched by the build's routes, beside /news.xml and /sitemap.xml, and 404 past the last", async () => {
    const pages = await (await fetchPath("/sitemap-pages.xml")).text();
    expect(pages).toContain("<urlset");
    expect(pages).toContain(`<loc>${SITE_URL}/what-we-do</loc>`);
    const news = await (await fetchPath("/sitemap-news.xml?page=1")).text();
    expect(news).toMatch(new RegExp(`<loc>${SITE_URL}/news/\\d+</loc>`));
    const events = await (await fetchPath("/sitemap-events.xml?page=1")).text();
    expect(events).toMatch(new RegExp(`<loc>${SITE_URL}/events/\\d+</loc>`));
    expect(await (await fetchPath("/news.xml")).text()).toContain("<rss");
    for (const path of ["/sitemap-news.xml?page=2", "/sitemap-events.xml?page=0", "/sitemap-news-1.xml"]) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("/events/{id}.ics beside /events/{id}", () => {
  it("answers the .ics address with the event's file, and leaves the page address to the page", async () => {
    const [event] = (await (await fetchPath("/api/events")).json()) as Array<{ id: number; name: string }>;
    const file = await fetchPath(`/events/${event.id}.ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    const [read] = readCalendar(await file.text()).events;
    expect(read.summary).toBe(event.name);
    expect(read.uid).toBe(`event-${event.id}@dads.example.org`);
    // The event's own page (or, until it exists, the not-found page) is HTML, never the file.
    const page = await fetchPath(`/events/${event.id}`);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("answers an unknown event with a short 404", async () => {
    const response = await fetchPath("/events/987654.ics");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Event not found.");
  });
});

describe("a new event", () => {
  it("is in /events.ics on the next fetch after an administrator creates it", async () => {
    // Warm the server's cache: the kept calendar must give way at the write.
    for (const path of ["/events.ics", "/events", "/events.ics"]) await fetchPath(path);
    const token = await adminToken();
    const created = await fetchPath("/api/admin/events", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Conker Championship",
        date: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
        comment: "Bring your best conker.",
        bookingUrl: "https://example.org/book/conkers",
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const { events } = readCalendar(await (await fetchPath("/events.ics")).text());
    expect(events.find((event) => event.uid === `event-${id}@dads.example.org`)?.summary).toBe("Conker Championship");
  });
});
