import type { AppLoadContext } from "@remix-run/node";
import { JSDOM } from "jsdom";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { loader as eventCalendarLoader } from "~/routes/events_.$id[.]ics";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as newsFeedLoader } from "~/routes/news[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { readCalendar } from "../fixtures/ical";
import { settle } from "./admin-test-helpers";
import { get, harnessAtApiUrl, type Harness } from "./harness";

/**
 * The calendar, feed and sitemap with the app deployed alone against an upstream at
 * API_URL (docs/architecture.md, 'The shape in one picture'), here one that, like a foreign implementation of the /api
 * contract, does not say when items were created or edited.
 */
const remote: AppLoadContext = {}; // No apiFetch: the upstream client goes over HTTP to API_URL.

/** The embedded API's answer without createdAt and updatedAt. */
async function withoutTimestamps(h: Harness, request: Request): Promise<Response> {
  const response = await h.api.fetch(request);
  const { pathname } = new URL(request.url);
  if (!["/api/events", "/api/news"].includes(pathname) || !response.ok) return response;
  const items = (await response.json()) as Array<Record<string, unknown>>;
  return Response.json(items.map(({ createdAt: _created, updatedAt: _updated, ...item }) => item));
}

const upstream = harnessAtApiUrl(withoutTimestamps);

const load = (loader: typeof calendarLoader, path: string, params: Record<string, string> = {}) =>
  settle(() => loader({ request: get(path), context: remote, params }));

describe("against an upstream at API_URL that sends no timestamps", () => {
  it("serves the calendar: DTSTAMP now, no LAST-MODIFIED, SEQUENCE 0", async () => {
    const before = Date.now();
    const response = await load(calendarLoader, "/events.ics");
    expect(response.status).toBe(200);
    const { events } = readCalendar(await response.text());
    expect(events.map((event) => event.summary)).toContain("Stargazing Night");
    for (const event of events) {
      expect(event.lastModified).toBeNull();
      expect(event.sequence).toBe(0);
      expect(Date.parse(event.stamp)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    }
  });

  it("serves one event's file", async () => {
    const [first] = await upstream.h.read<Array<{ id: number }>>("/api/events");
    const response = await load(eventCalendarLoader, `/events/${first.id}.ics`, { id: String(first.id) });
    expect(response.status).toBe(200);
    expect(readCalendar(await response.text()).events).toHaveLength(1);
  });

  it("serves the news feed", async () => {
    const response = await load(newsFeedLoader, "/news.xml");
    expect(response.status).toBe(200);
    const feed = await new Parser().parseString(await response.text());
    expect(feed.items.length).toBeGreaterThan(0);
  });

  it("serves the sitemap, dating news by publication and past events by their day", async () => {
    const response = await load(sitemapLoader, "/sitemap.xml");
    const document = new JSDOM(await response.text(), { contentType: "application/xml" }).window.document;
    const lastmod = new Map(
      [...document.getElementsByTagName("url")].map((url) => [
        url.getElementsByTagName("loc")[0]?.textContent ?? "",
        url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
      ]),
    );
    const news = await upstream.h.read<Array<{ id: number; publishedAt: string }>>("/api/news");
    for (const item of news.filter((entry) => Date.parse(entry.publishedAt) <= Date.now())) {
      expect(lastmod.get(`http://localhost:3000/news/${item.id}`)).toBe(new Date(item.publishedAt).toISOString());
    }
    const events = await upstream.h.read<Array<{ id: number; date: string }>>("/api/events");
    for (const event of events) {
      const expected = Date.parse(event.date) <= Date.now() ? new Date(event.date).toISOString() : null;
      // A date still to come is no modification date: such an event goes without.
      expect(lastmod.get(`http://localhost:3000/events/${event.id}`)).toBe(expected);
    }
  });
});
