import { describe, expect, it } from "vitest";
import { loader as eventsLoader } from "~/routes/events";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as eventPageLoader } from "~/routes/events_.$id";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as homeLoader } from "~/routes/_index";
import { loader as newsLoader } from "~/routes/news";
import { loader as newsItemLoader } from "~/routes/news_.$id";
import { settle, withUpstream } from "./admin-test-helpers";
import { IMAGES, load, NEWS, PAST, seedSite, site, UPCOMING } from "./bounded-reads-site";
import {
  expectBounded,
  listCalls,
  recording,
  specOnly,
  UPSTREAMS,
  type EventsPage,
  type GalleryPage,
  type NewsPage,
} from "./bounded-reads";
import { get } from "./harness";
import { CALENDAR_MAX_BYTES } from "~/lib/events/calendar.server";

/**
 * Every page reads only what it shows: each list call the loaders make carries a limit
 * no larger than the page, counts are counts, items are read by id. And against an
 * upstream that ignores the parameters (docs/product.md, 'The calls it makes' alone), each page still shows the same.
 * The admin screens: bounded-reads-admin.test.ts.
 */
seedSite();

describe.each(UPSTREAMS)("public pages against %s", (_name, upstream) => {
  it("News: page 2 holds items 35 to 26, and a page past the last is not found", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const page = await load<NewsPage>(newsLoader, "/news?page=2", context);
    expect(page.news.map((item) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `News ${NEWS - 10 - i}`));
    expect(page.paging).toEqual({ page: 2, pages: 5 });
    if (upstream !== specOnly) expectBounded(asked, 10);
    const past = await settle(() => newsLoader({ request: get("/news?page=6"), context, params: {} }));
    expect(past.status).toBe(404);
  });

  it("Events: the page where upcoming events run out continues with the most recent past ones", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const page = await load<EventsPage>(eventsLoader, "/events?page=2", context);
    // Page 1: the 12 soonest upcoming; page 2: the last 2 upcoming, then the 10 most recent past.
    expect(page.events.map((event) => event.name)).toEqual([
      "Event 29",
      "Event 30",
      ...Array.from({ length: 10 }, (_, i) => `Event ${PAST - i}`),
    ]);
    expect(page.events.map((event) => event.past)).toEqual([false, false, ...Array(10).fill(true)]);
    expect(page.paging).toEqual({ page: 2, pages: 3 });
    if (upstream !== specOnly) expectBounded(asked, 12);
  });

  it("Home: the latest news item and the next event, one of each asked for", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const home = await load<{ latestNews: { title: string }; nextEvent: { name: string } }>(homeLoader, "/", context);
    expect(home.latestNews.title).toBe(`News ${NEWS}`);
    expect(home.nextEvent.name).toBe(`Event ${PAST + 1}`);
    if (upstream !== specOnly) expectBounded(asked, 1);
  });

  it("Gallery: 24 a page; the lightbox steps onto the neighbouring pages and wraps at the ends", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const second = await load<GalleryPage>(galleryLoader, "/gallery?page=2", context);
    expect(second.images.map((image) => image.caption)).toEqual(
      Array.from({ length: 24 }, (_, i) => `Image ${IMAGES - 24 - i}`),
    );
    expect(second).toMatchObject({ first: 24, total: IMAGES, paging: { page: 2, pages: 3 } });
    const idOf = async (caption: string) => {
      const all = await site.h.read<Array<{ id: number; caption: string }>>("/api/gallery");
      return String(all.find((image) => image.caption === caption)?.id);
    };
    expect(second.beyondPage).toEqual({
      before: `/gallery?image=${await idOf(`Image ${IMAGES - 23}`)}`,
      after: `/gallery?page=3&image=${await idOf(`Image ${IMAGES - 48}`)}`,
    });
    if (upstream !== specOnly) expectBounded(asked, 26);

    const first = await load<GalleryPage>(galleryLoader, "/gallery", context);
    expect(first.beyondPage.before).toBe(`/gallery?page=3&image=${await idOf("Image 1")}`);
    const last = await load<GalleryPage>(galleryLoader, "/gallery?page=3", context);
    expect(last.images).toHaveLength(2);
    expect(last.beyondPage.after).toBe(`/gallery?image=${await idOf(`Image ${IMAGES}`)}`);
  });

  it("the calendar carries the events to come and the recent past, asking for at most 100", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const response = await settle(() => calendarLoader({ request: get("/events.ics"), context, params: {} }));
    const names = [...(await response.text()).matchAll(/^SUMMARY:(.*)\r$/gm)].map((match) => match[1]);
    expect(names).toEqual(Array.from({ length: UPCOMING + PAST }, (_, i) => `Event ${i + 1}`));
    if (upstream !== specOnly) expectBounded(asked, 100);
  });

  it("Item pages read the one item", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const [news] = await site.h.read<Array<{ id: number }>>("/api/news?limit=1&offset=7");
    const item = await load<{ item: { title: string } }>(newsItemLoader, `/news/${news.id}`, context, {
      id: String(news.id),
    });
    expect(item.item.title).toBe(`News ${NEWS - 7}`);
    const [event] = await site.h.read<Array<{ id: number }>>("/api/events?limit=1&offset=3");
    const page = await load<{ event: { name: string } }>(eventPageLoader, `/events/${event.id}`, context, {
      id: String(event.id),
    });
    expect(page.event.name).toBe("Event 4");
    if (upstream !== specOnly) {
      expect(listCalls(asked)).toEqual([]);
      // The event page also asks for the one album of the event ('Photos from this event').
      expect(asked.map((url) => url.pathname)).toEqual([
        `/api/news/${news.id}`,
        `/api/events/${event.id}`,
        "/api/albums",
      ]);
      expect(asked[2].searchParams.get("limit")).toBe("1");
    }
  });
});

describe("a calendar with more events than its budget holds", () => {
  it("keeps the recent past and the nearest to come, within its byte budget", async () => {
    const day = 86_400_000;
    // 40 in the last 40 days, 1,160 to come: more than CALENDAR_MAX_BYTES holds.
    const many = Array.from({ length: 1200 }, (_, i) => ({
      id: i + 1,
      name: `Many ${i + 1}`,
      date: new Date(Date.now() + (i - 39.5) * day).toISOString(),
      comment: "c",
      bookingUrl: "https://example.org/book",
    }));
    const context = withUpstream(site.h.context, (request) =>
      new URL(request.url).pathname === "/api/events" ? Response.json(many) : null,
    );
    const response = await settle(() => calendarLoader({ request: get("/events.ics"), context, params: {} }));
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CALENDAR_MAX_BYTES);
    // Full: no further entry would have fitted.
    expect(Buffer.byteLength(text)).toBeGreaterThan(CALENDAR_MAX_BYTES - 1024);
    const names = [...text.matchAll(/^SUMMARY:(.*)\r$/gm)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(120);
    // Every past one kept, then those to come in order: only the furthest ones are left out.
    expect(names).toEqual(Array.from({ length: names.length }, (_, i) => `Many ${i + 1}`));
  });
});
