import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "../../api/store/events";
import { createGalleryItem } from "../../api/store/gallery";
import { createNews } from "../../api/store/news";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as adminEventsLoader } from "~/routes/admin.events";
import { loader as adminGalleryLoader } from "~/routes/admin.gallery";
import { loader as adminNewsLoader } from "~/routes/admin.news";
import { loader as eventsLoader } from "~/routes/events";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as eventPageLoader } from "~/routes/events_.$id";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as homeLoader } from "~/routes/_index";
import { loader as newsLoader } from "~/routes/news";
import { loader as newsItemLoader } from "~/routes/news_.$id";
import { settle, withUpstream } from "./admin-test-helpers";
import { createHarness, get, type Harness } from "./harness";

/**
 * Every page reads only what it shows: each list call the loaders make carries a limit
 * no larger than the page, counts are counts, items are read by id. And against an
 * upstream that ignores the parameters (docs/product.md §7 alone), each page still shows the same.
 */

const NEWS = 45; // 5 pages of 10; 3 admin pages of 20
const UPCOMING = 14;
const PAST = 16; // 30 events: 3 pages of 12
const IMAGES = 50; // 3 pages of 24

let h: Harness;
let cookie: string;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cookie = await h.signIn();
  const db = h.api.store.db;
  const day = 86_400_000;
  for (let i = 1; i <= NEWS; i++) {
    const publishedAt = new Date(Date.UTC(2026, 0, 1) + i * day).toISOString();
    await createNews(db, { title: `News ${i}`, content: `<p>Body ${i}</p>`, publishedAt, imageUrl: null }, new Date());
  }
  // Half a day off the hour: no event falls on the moment a loader judges by.
  for (let i = 1; i <= UPCOMING + PAST; i++) {
    const date = new Date(Date.now() + (i - PAST - 0.5) * day).toISOString();
    const event = { name: `Event ${i}`, date, comment: "c", organiser: null, location: null, imageUrl: null };
    await createEvent(db, { ...event, bookingUrl: "https://example.org/book" }, new Date());
  }
  for (let i = 1; i <= IMAGES; i++) {
    const image = { imageUrl: `https://example.org/${i}.jpg`, caption: `Image ${i}` };
    await createGalleryItem(db, image, new Date(Date.UTC(2026, 0, 1) + i * 1000));
  }
});
afterAll(() => h.close());

type LoaderArgs = { request: Request; context: AppLoadContext; params: Record<string, string> };
type Loader = (args: LoaderArgs) => Promise<unknown>;

/** The context, with every /api address the loader asks for written down. */
function recording(context: AppLoadContext): { context: AppLoadContext; asked: URL[] } {
  const asked: URL[] = [];
  const inner = context.apiFetch!;
  return {
    asked,
    context: {
      ...context,
      apiFetch: (request) => {
        asked.push(new URL(request.url));
        return inner(request);
      },
    },
  };
}

/**
 * An upstream that speaks docs/product.md §7 alone: it ignores every query parameter (so it sends
 * whole lists), sends no X-Total-Count, and has no item calls.
 */
function specOnly(context: AppLoadContext): AppLoadContext {
  const inner = context.apiFetch!;
  return {
    ...context,
    apiFetch: async (request) => {
      const url = new URL(request.url);
      if (/^\/api\/(news|events|gallery)\/[^/]+$/.test(url.pathname)) {
        return Response.json({ message: "Not found" }, { status: 404 });
      }
      url.search = "";
      const answer = await inner(new Request(url, { headers: request.headers }));
      const headers = new Headers(answer.headers);
      headers.delete("X-Total-Count");
      return new Response(answer.body, { status: answer.status, headers });
    },
  };
}

async function load<T>(loader: Loader, path: string, context: AppLoadContext, params: Record<string, string> = {}) {
  const response = await settle(() => loader({ request: get(path, cookie), context, params }));
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const listCalls = (asked: URL[]) => asked.filter((url) => /^\/api\/(news|events|gallery)$/.test(url.pathname));

/** Each list call names a limit of at most `max`. */
function expectBounded(asked: URL[], max: number) {
  const calls = listCalls(asked);
  expect(calls.length).toBeGreaterThan(0);
  for (const url of calls) {
    const limit = url.searchParams.get("limit");
    expect(limit, url.href).not.toBeNull();
    expect(Number(limit), url.href).toBeLessThanOrEqual(max);
  }
}

interface Paged {
  paging: { page: number; pages: number };
}
type NewsPage = Paged & { news: Array<{ title: string }> };
type EventsPage = Paged & { events: Array<{ name: string; past: boolean }> };
type GalleryPage = Paged & {
  images: Array<{ id: string; caption: string }>;
  first: number;
  total: number;
  beyondPage: { before: string | null; after: string | null };
};

describe.each([
  ["our /api", (context: AppLoadContext) => context],
  ["an upstream that ignores the parameters", specOnly],
])("public pages against %s", (_name, upstream) => {
  it("News: page 2 holds items 35 to 26, and a page past the last is not found", async () => {
    const { context, asked } = recording(upstream(h.context));
    const page = await load<NewsPage>(newsLoader, "/news?page=2", context);
    expect(page.news.map((item) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `News ${NEWS - 10 - i}`));
    expect(page.paging).toEqual({ page: 2, pages: 5 });
    if (upstream !== specOnly) expectBounded(asked, 10);
    const past = await settle(() => newsLoader({ request: get("/news?page=6"), context, params: {} }));
    expect(past.status).toBe(404);
  });

  it("Events: the page where upcoming events run out continues with the most recent past ones", async () => {
    const { context, asked } = recording(upstream(h.context));
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
    const { context, asked } = recording(upstream(h.context));
    const home = await load<{ latestNews: { title: string }; nextEvent: { name: string } }>(homeLoader, "/", context);
    expect(home.latestNews.title).toBe(`News ${NEWS}`);
    expect(home.nextEvent.name).toBe(`Event ${PAST + 1}`);
    if (upstream !== specOnly) expectBounded(asked, 1);
  });

  it("Gallery: 24 a page; the lightbox steps onto the neighbouring pages and wraps at the ends", async () => {
    const { context, asked } = recording(upstream(h.context));
    const second = await load<GalleryPage>(galleryLoader, "/gallery?page=2", context);
    expect(second.images.map((image) => image.caption)).toEqual(
      Array.from({ length: 24 }, (_, i) => `Image ${IMAGES - 24 - i}`),
    );
    expect(second).toMatchObject({ first: 24, total: IMAGES, paging: { page: 2, pages: 3 } });
    const idOf = async (caption: string) => {
      const all = await h.read<Array<{ id: number; caption: string }>>("/api/gallery");
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
    const { context, asked } = recording(upstream(h.context));
    const response = await settle(() => calendarLoader({ request: get("/events.ics"), context, params: {} }));
    const names = [...(await response.text()).matchAll(/^SUMMARY:(.*)\r$/gm)].map((match) => match[1]);
    expect(names).toEqual(Array.from({ length: UPCOMING + PAST }, (_, i) => `Event ${i + 1}`));
    if (upstream !== specOnly) expectBounded(asked, 100);
  });

  it("Item pages read the one item", async () => {
    const { context, asked } = recording(upstream(h.context));
    const [news] = await h.read<Array<{ id: number }>>("/api/news?limit=1&offset=7");
    const item = await load<{ item: { title: string } }>(newsItemLoader, `/news/${news.id}`, context, {
      id: String(news.id),
    });
    expect(item.item.title).toBe(`News ${NEWS - 7}`);
    const [event] = await h.read<Array<{ id: number }>>("/api/events?limit=1&offset=3");
    const page = await load<{ event: { name: string } }>(eventPageLoader, `/events/${event.id}`, context, {
      id: String(event.id),
    });
    expect(page.event.name).toBe("Event 4");
    if (upstream !== specOnly) {
      expect(listCalls(asked)).toEqual([]);
      expect(asked.map((url) => url.pathname)).toEqual([`/api/news/${news.id}`, `/api/events/${event.id}`]);
    }
  });
});

describe("a calendar with more events than it carries", () => {
  it("keeps the next 100 to come and drops the past", async () => {
    const day = 86_400_000;
    const many = Array.from({ length: 160 }, (_, i) => ({
      id: i + 1,
      name: `Many ${i + 1}`,
      date: new Date(Date.now() + (i - 39.5) * day).toISOString(),
      comment: "c",
      bookingUrl: "https://example.org/book",
    }));
    const context = withUpstream(h.context, (request) =>
      new URL(request.url).pathname === "/api/events" ? Response.json(many) : null,
    );
    const response = await settle(() => calendarLoader({ request: get("/events.ics"), context, params: {} }));
    const names = [...(await response.text()).matchAll(/^SUMMARY:(.*)\r$/gm)].map((match) => match[1]);
    expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `Many ${i + 41}`));
  });
});

type AdminList<K extends string> = Paged & { chosen: { id: string } | null } & Record<K, Array<{ id: string }>>;

describe.each([
  ["our /api", (context: AppLoadContext) => context],
  ["an upstream that ignores the parameters", specOnly],
])("admin screens against %s", (_name, upstream) => {
  it("Manage News: 20 a page, a page past the last goes back to the last, an item from another page opens", async () => {
    const { context, asked } = recording(upstream(h.context));
    const page = await load<AdminList<"items">>(adminNewsLoader, "/admin/news?page=3", context);
    expect(page.items).toHaveLength(NEWS - 40);
    expect(page.paging).toEqual({ page: 3, pages: 3 });
    if (upstream !== specOnly) expectBounded(asked, 20);

    const past = await settle(() =>
      adminNewsLoader({ request: get("/admin/news?page=9", cookie), context, params: {} }),
    );
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/admin/news?page=3");

    const onPageThree = page.items[0].id;
    const linked = await load<AdminList<"items">>(adminNewsLoader, `/admin/news?edit=${onPageThree}`, context);
    expect(linked.items.some((item) => item.id === onPageThree)).toBe(false);
    expect(linked.chosen?.id).toBe(onPageThree);
  });

  it("Manage Events and Manage Gallery page by 20 too", async () => {
    const { context, asked } = recording(upstream(h.context));
    const events = await load<AdminList<"events">>(adminEventsLoader, "/admin/events?page=2", context);
    expect(events.events).toHaveLength(UPCOMING + PAST - 20);
    const gallery = await load<AdminList<"images">>(adminGalleryLoader, "/admin/gallery?page=2", context);
    expect(gallery.images).toHaveLength(20);
    expect(gallery.paging).toEqual({ page: 2, pages: 3 });
    if (upstream !== specOnly) expectBounded(asked, 20);
  });

  it("the dashboard counts without reading the lists", async () => {
    const { context, asked } = recording(upstream(h.context));
    const data = await load<{ counts: Record<string, number>; latestNews: unknown[]; upcomingEvents: unknown[] }>(
      dashboardLoader,
      "/admin/dashboard",
      context,
    );
    expect(data.counts).toEqual({ news: NEWS, events: UPCOMING + PAST, images: IMAGES });
    expect(data.latestNews).toHaveLength(5);
    expect(data.upcomingEvents).toHaveLength(5);
    if (upstream !== specOnly) expectBounded(asked, 5);
  });
});
