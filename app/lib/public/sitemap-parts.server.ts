import { z } from "zod";
import { countEvents, countNews, eventsForDisplay, eventStubs, newsStubs } from "~/lib/content-lists.server";
import type { ListSlice, Send } from "~/lib/upstream-lists.server";
import { EVENTS_PAGE_SIZE, NEWS_PAGE_SIZE } from "./pages.server";
import type { SiteInfo } from "./site.server";
import {
  eventUrls,
  FIXED_PAGE_COUNT,
  newsUrls,
  pageUrls,
  sitemap,
  sitemapIndex,
  SITEMAP_MAX_URLS,
  urlset,
  type SitemapUrl,
} from "./sitemap.server";
import { SITEMAP_EVENTS_PATH, SITEMAP_NEWS_PATH, SITEMAP_PAGES_PATH } from "./urls";

/**
 * Which sitemaps the site has, each made from one bounded read of the /api. Up to
 * SITEMAP_MAX_URLS addresses, /sitemap.xml lists them all; past that it becomes a
 * sitemap index of
 *
 * - /sitemap-pages.xml: the six public pages;
 * - /sitemap-news.xml?page=N: news items (N-1)·1,000+1 to N·1,000, newest first;
 * - /sitemap-events.xml?page=N: the same for events, by date.
 *
 * The numbered ones are one route each with a query, not /sitemap-news-N.xml: React
 * Router takes a parameter only as a whole path segment, and a root segment like
 * `$name[.]xml` would rank level with /news.xml and /sitemap.xml and could take them.
 * Nor are they in a folder: a sitemap may only list addresses under its own folder.
 * They answer whether or not the index lists them; a page past the last is a 404.
 */

type Site = Pick<SiteInfo, "origin" | "now">;

const pagesNeeded = (total: number) => Math.ceil(total / SITEMAP_MAX_URLS);
const numbered = (path: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${path}?page=${index + 1}`);

/** The index's entries for a site with `news` news items and `events` events. */
export function sitemapAddresses(news: number, events: number): string[] {
  return [
    SITEMAP_PAGES_PATH,
    ...numbered(SITEMAP_NEWS_PATH, pagesNeeded(news)),
    ...numbered(SITEMAP_EVENTS_PATH, pagesNeeded(events)),
  ];
}

const tooMany = (news: number, events: number) => FIXED_PAGE_COUNT + news + events > SITEMAP_MAX_URLS;

/** /sitemap.xml: every address in one <urlset>, or the index once there are too many for one. */
export async function siteSitemap(send: Send, site: Site): Promise<string> {
  const [newsTotal, eventsTotal] = await Promise.all([countNews(send), countEvents(send)]);
  if (tooMany(newsTotal, eventsTotal)) return sitemapIndex(sitemapAddresses(newsTotal, eventsTotal), site);
  const [news, events] = await Promise.all([
    newsStubs(send, SITEMAP_MAX_URLS, 0),
    eventStubs(send, SITEMAP_MAX_URLS, 0),
  ]);
  // Items added between the counts and the reads could tip it over; then the index it is.
  if (tooMany(news.total, events.total)) return sitemapIndex(sitemapAddresses(news.total, events.total), site);
  return sitemap(news.items, events.items, site);
}

/** /sitemap-pages.xml, dated by what the pages show (see pageUrls): two small reads. */
export async function pagesSitemap(send: Send, site: Site): Promise<string> {
  const [news, events] = await Promise.all([
    newsStubs(send, NEWS_PAGE_SIZE, 0),
    eventsForDisplay(send, site.now, EVENTS_PAGE_SIZE, 0),
  ]);
  return urlset(pageUrls(news.items, events.items, site), site);
}

/**
 * `?page=` of a numbered sitemap: none is the first, and anything but a whole number
 * from 1 (to a bound the /api's offsets can reach) names no sitemap.
 */
const pageSchema = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number)
  .nullable()
  .transform((page) => page ?? 1);

export function requestedSitemapPage(request: Request): number | null {
  const parsed = pageSchema.safeParse(new URL(request.url).searchParams.get("page"));
  return parsed.success ? parsed.data : null;
}

async function part<T>(
  read: (limit: number, offset: number) => Promise<ListSlice<T>>,
  toUrls: (items: T[]) => SitemapUrl[],
  page: number,
  site: Site,
): Promise<string | null> {
  const { items } = await read(SITEMAP_MAX_URLS, (page - 1) * SITEMAP_MAX_URLS);
  return items.length === 0 ? null : urlset(toUrls(items), site);
}

/** /sitemap-news.xml?page=N, or null past the last page. */
export function newsSitemap(send: Send, site: Site, page: number): Promise<string | null> {
  return part(
    (limit, offset) => newsStubs(send, limit, offset),
    (items) => newsUrls(items, site),
    page,
    site,
  );
}

/** /sitemap-events.xml?page=N, or null past the last page. */
export function eventsSitemap(send: Send, site: Site, page: number): Promise<string | null> {
  return part(
    (limit, offset) => eventStubs(send, limit, offset),
    (items) => eventUrls(items, site),
    page,
    site,
  );
}
