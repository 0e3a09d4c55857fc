import type { AppLoadContext } from "@remix-run/node";
import { JSDOM } from "jsdom";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, type Api } from "../../api";
import { loader as eventCalendarLoader } from "~/routes/events_.$id[.]ics";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as newsFeedLoader } from "~/routes/news[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { readCalendar } from "../fixtures/ical";
import { settle } from "./admin-test-helpers";
import { get, ORIGIN } from "./harness";

/**
 * The calendar, the news feed, the sitemap and robots.txt, as their routes answer them
 * over the embedded /api, each read back with an independent parser: ical.js, rss-parser,
 * jsdom's XML parser.
 */
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "feeds-test-password";

/**
 * The /api's clock, which the test moves to make an edit happen later than the creation:
 * whole seconds (iCalendar's precision), and behind the real clock the site judges by.
 */
let apiNow = Math.floor((Date.now() - 30 * 60_000) / 1000) * 1000;
let api: Api;
let context: AppLoadContext;
let token: string;

async function call(path: string, method = "GET", body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return api.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
}

const ids: Record<string, string> = {};
const eventAt = (name: string, offsetDays: number, extra: Record<string, unknown> = {}) => ({
  name,
  date: new Date(Date.now() + offsetDays * DAY).toISOString(),
  comment: `About ${name}.`,
  bookingUrl: "https://example.org/book",
  ...extra,
});

beforeAll(async () => {
  api = await createApi({
    dataDir: null,
    adminUsername: "admin",
    adminPassword: PASSWORD,
    seedDemo: false,
    trustProxy: false,
    signingSecret: "feeds-signing-secret-feeds-signing-secret",
    scryptCost: 2 ** 14,
    now: () => new Date(apiNow),
  });
  context = { apiFetch: (request) => api.fetch(request), cspNonce: "test-nonce" };
  const login = await api.fetch(
    new Request(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    }),
  );
  token = ((await login.json()) as { token: string }).token;
  const events = {
    longAgo: eventAt("Long ago", -120),
    lastMonth: eventAt("Last month", -30),
    nextWeek: eventAt("Next week", 7, { location: "School hall, room 2; by the gate", organiser: "Sam" }),
    nextYear: eventAt("Next year", 300),
  };
  for (const [key, event] of Object.entries(events)) {
    const created = (await (await call("/api/admin/events", "POST", event)).json()) as { id: number };
    ids[key] = String(created.id);
  }
  for (let i = 1; i <= 22; i++) {
    const publishedAt = new Date(Date.now() - (30 - i) * DAY).toISOString();
    const content =
      i === 22
        ? `<p>Read <a href="/events/${ids.nextWeek}">the event</a> &amp; <strong>come</strong>!</p>` +
          `<p>${"Long text. ".repeat(30)}</p><img src="x" onerror="alert(1)"><script>alert(2)</script>`
        : `<p>Item ${i}</p>`;
    await call("/api/admin/news", "POST", {
      title: i === 22 ? 'Fish & chips <night> ]]> "quoted"' : `News ${i}`,
      content,
      publishedAt,
      imageUrl: i === 22 ? "/objects/images/AAAAAAAAAAAAAAAAAAAAAA" : "",
    });
  }
});

afterAll(() => api.close());

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

function load(loader: Loader, path: string, params: Record<string, string> = {}, ctx = context): Promise<Response> {
  return settle(() => loader({ request: get(path), context: ctx, params }));
}

describe("/events.ics", () => {
  it("is a calendar of upcoming events and those of the last three months, cacheable for five minutes", async () => {
    const response = await load(calendarLoader, "/events.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const calendar = readCalendar(await response.text());
    expect(calendar.props["x-wr-calname"]).toBe("Oakfield Primary Dads' Club events");
    expect(calendar.timezones).toEqual(["Europe/London"]);
    expect(calendar.events.map((event) => event.summary)).toEqual(["Last month", "Next week", "Next year"]);
    const nextWeek = calendar.events[1];
    expect(nextWeek.uid).toBe(`event-${ids.nextWeek}@localhost`);
    expect(nextWeek.url).toBe(`${ORIGIN}/events/${ids.nextWeek}`);
    expect(nextWeek.location).toBe("School hall, room 2; by the gate");
    expect(nextWeek.description).toBe("About Next week.\n\nOrganised by Sam\n\nBook: https://example.org/book");
  });

  it("gives each event the same UID on every fetch", async () => {
    const first = readCalendar(await (await load(calendarLoader, "/events.ics")).text());
    const second = readCalendar(await (await load(calendarLoader, "/events.ics")).text());
    expect(second.events.map((event) => event.uid)).toEqual(first.events.map((event) => event.uid));
    expect(new Set(first.events.map((event) => event.uid)).size).toBe(first.events.length);
  });

  it("moves LAST-MODIFIED, DTSTAMP and SEQUENCE on when an administrator edits an event", async () => {
    const before = readCalendar(await (await load(calendarLoader, "/events.ics")).text()).events.find(
      (event) => event.summary === "Next year",
    );
    expect(before?.sequence).toBe(0);
    expect(before?.lastModified).not.toBeNull();

    apiNow += 5 * 60_000;
    const edit = await call(`/api/admin/events/${ids.nextYear}`, "PUT", eventAt("Next year", 301));
    expect(edit.status).toBe(200);

    const after = readCalendar(await (await load(calendarLoader, "/events.ics")).text()).events.find(
      (event) => event.uid === before?.uid,
    );
    expect(after?.lastModified).toBe(new Date(apiNow).toISOString());
    expect(after?.stamp).toBe(after?.lastModified);
    expect(Date.parse(after?.lastModified ?? "")).toBeGreaterThan(Date.parse(before?.lastModified ?? ""));
    expect(after?.sequence).toBe(300);
    expect(after?.start).not.toBe(before?.start);
  });
});

describe("/events/{id}.ics", () => {
  it("is one event as a download named after it", async () => {
    const response = await load(eventCalendarLoader, `/events/${ids.nextWeek}.ics`, { id: ids.nextWeek });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="next-week.ics"');
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const calendar = readCalendar(await response.text());
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0].uid).toBe(`event-${ids.nextWeek}@localhost`);
  });

  it("works for a past event too, even one too old for the subscription", async () => {
    const response = await load(eventCalendarLoader, `/events/${ids.longAgo}.ics`, { id: ids.longAgo });
    expect(response.status).toBe(200);
    expect(readCalendar(await response.text()).events[0].summary).toBe("Long ago");
  });

  it.each(["9999", "abc", "1.5", "", "../1", "x".repeat(65)])("answers 404 in a line of text for id %j", async (id) => {
    const response = await load(eventCalendarLoader, `/events/${id}.ics`, { id });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Event not found.");
  });
});

interface RssItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  content: string;
  "content:encoded": string;
}

describe("/news.xml", () => {
  it("is RSS 2.0 with the latest 20 items, newest first", async () => {
    const response = await load(newsFeedLoader, "/news.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const feed = await new Parser<Record<string, never>, RssItem>({
      customFields: { feed: ["language", "lastBuildDate"] as never[] },
    }).parseString(await response.text());
    expect(feed.title).toBe("Oakfield Primary Dads' Club news");
    expect(feed.description).toBe("News from Oakfield Primary Dads' Club.");
    expect(feed.link).toBe(`${ORIGIN}/news`);
    expect((feed as unknown as { language: string }).language).toBe("en-GB");
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0].title).toBe('Fish & chips <night> ]]> "quoted"');
    expect(feed.items.at(-1)?.title).toBe("News 3");
    for (const item of feed.items) {
      expect(item.link).toMatch(new RegExp(`^${ORIGIN}/news/\\d+$`));
      expect(item.guid).toBe(item.link);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
    // The channel's date is the newest change, so an unchanged feed stays the same file.
    const lastBuild = (feed as unknown as { lastBuildDate: string }).lastBuildDate;
    expect(Date.parse(lastBuild)).toBeLessThanOrEqual(Date.now());
  });

  it("describes an item in 150 characters of plain text and gives its sanitised HTML, links made absolute", async () => {
    const text = await (await load(newsFeedLoader, "/news.xml")).text();
    const feed = await new Parser<Record<string, never>, RssItem>().parseString(text);
    const item = feed.items[0];
    // rss-parser gives <description> as `content` when content:encoded is also there.
    const xml = new JSDOM(text, { contentType: "application/xml" }).window.document;
    const description = xml.querySelector("item > description")?.textContent;
    expect(description).toMatch(/^Read the event & come! Long text\. /);
    expect(description?.endsWith("…")).toBe(true);
    expect(description?.length).toBeLessThanOrEqual(151);
    expect(description).not.toContain("<");

    const html = item["content:encoded"];
    expect(html).toContain(`<a href="${ORIGIN}/events/${ids.nextWeek}"`);
    expect(html).toContain("<strong>come</strong>");
    expect(html).toMatch(/^<p><img src="http:\/\/localhost:3000\/objects\/images\/A+" alt=""><\/p>/);
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<script");
  });
});

describe("/sitemap.xml", () => {
  it("lists the six public pages and every item page, with absolute addresses and dates", async () => {
    const response = await load(sitemapLoader, "/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    // jsdom's XML mode refuses a document that is not well-formed.
    const document = new JSDOM(await response.text(), { contentType: "application/xml" }).window.document;
    expect(document.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls = [...document.getElementsByTagName("url")].map((url) => ({
      loc: url.getElementsByTagName("loc")[0]?.textContent,
      lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    }));
    const locs = urls.map((url) => url.loc);
    for (const path of ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"]) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    const news = (await (await api.fetch(new Request(`${ORIGIN}/api/news`))).json()) as Array<{ id: number }>;
    for (const { id } of news) expect(locs).toContain(`${ORIGIN}/news/${id}`);
    for (const id of Object.values(ids)) expect(locs).toContain(`${ORIGIN}/events/${id}`);
    expect(urls).toHaveLength(6 + news.length + Object.keys(ids).length);
    // Our /api says when each item changed: that is its lastmod, never in the future.
    for (const url of urls.filter((entry) => /\/(news|events)\/\d+$/.test(entry.loc ?? ""))) {
      expect(url.lastmod, url.loc ?? "").toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(Date.parse(url.lastmod ?? "")).toBeLessThanOrEqual(apiNow);
    }
  });
});

describe("/robots.txt", () => {
  it("lets crawlers read the public site, not the admin area, and names the sitemap", async () => {
    const response = await load(robotsLoader, "/robots.txt");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /admin", "Disallow: /api/admin"]));
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("when the upstream fails", () => {
  it("answers 503 with Retry-After and nothing cached, rather than an empty calendar or feed", async () => {
    const down: AppLoadContext = { ...context, apiFetch: async () => new Response("down", { status: 500 }) };
    for (const [loader, path] of [
      [calendarLoader, "/events.ics"],
      [newsFeedLoader, "/news.xml"],
      [sitemapLoader, "/sitemap.xml"],
    ] as const) {
      const response = await load(loader, path, {}, down);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("Retry-After"), path).toBe("60");
    }
  });
});
