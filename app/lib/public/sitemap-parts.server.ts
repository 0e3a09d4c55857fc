import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { countEvents, countNews, eventsForDisplay, eventStubs, newsStubs } from "~/lib/upstream/club-lists.server";
import { albumWindow, countAlbums } from "~/lib/upstream/album-answers.server";
import type { ListSlice, Send } from "~/lib/upstream/lists.server";
import { feedNotFound, feedResponse } from "./feed-response.server";
import { fromUpstream } from "../upstream/from-upstream.server";
import { EVENTS_PAGE_SIZE, NEWS_PAGE_SIZE, publicSend } from "./pages.server";
import { siteInfo, type SiteInfo } from "../site.server";
import {
  albumUrls,
  type AlbumStub,
  eventUrls,
  FIXED_PAGE_COUNT,
  type EventStub,
  type NewsStub,
  newsUrls,
  pageUrls,
  sitemap,
  sitemapIndex,
  SITEMAP_CONTENT_TYPE,
  SITEMAP_MAX_URLS,
  urlset,
  type SitemapUrl,
} from "./sitemap.server";
import { SITEMAP_ALBUMS_PATH } from "../paths/albums";
import { SITEMAP_EVENTS_PATH, SITEMAP_NEWS_PATH, SITEMAP_PAGES_PATH } from "../paths/site";

/**
 * Which sitemaps the site has, each made from one bounded read of the /api. Up to
 * SITEMAP_MAX_URLS addresses, /sitemap.xml lists them all; past that it becomes a
 * sitemap index of
 *
 * - /sitemap-pages.xml: the six public pages;
 * - /sitemap-news.xml?page=N: news items (N-1)·1,000+1 to N·1,000, newest first;
 * - /sitemap-events.xml?page=N: the same for events, by date;
 * - /sitemap-albums.xml?page=N: the same for the public albums, newest first.
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

/** The index's entries for a site with `news` news items, `events` events and `albums` albums. */
export function sitemapAddresses(news: number, events: number, albums = 0): string[] {
  return [
    SITEMAP_PAGES_PATH,
    ...numbered(SITEMAP_NEWS_PATH, pagesNeeded(news)),
    ...numbered(SITEMAP_EVENTS_PATH, pagesNeeded(events)),
    ...numbered(SITEMAP_ALBUMS_PATH, pagesNeeded(albums)),
  ];
}

const tooMany = (news: number, events: number, albums: number) =>
  FIXED_PAGE_COUNT + news + events + albums > SITEMAP_MAX_URLS;

/** /sitemap.xml: every address in one <urlset>, or the index once there are too many for one. */
export async function siteSitemap(send: Send, site: Site): Promise<string> {
  const totals = await Promise.all([countNews(send), countEvents(send), countAlbums(send)]);
  if (tooMany(...totals)) return sitemapIndex(sitemapAddresses(...totals), site);
  const [news, events, albums] = await Promise.all([
    newsStubs(send, SITEMAP_MAX_URLS, 0),
    eventStubs(send, SITEMAP_MAX_URLS, 0),
    albumWindow(send, SITEMAP_MAX_URLS, 0),
  ]);
  // Items added between the counts and the reads could tip it over; then the index it is.
  const read = [news.total, events.total, albums.total] as const;
  if (tooMany(...read)) return sitemapIndex(sitemapAddresses(...read), site);
  return sitemap(news.items, events.items, site, albums.items);
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

/** A numbered sitemap: how its items are read, a page at a time, and addressed. */
interface Part<T> {
  read: (send: Send, limit: number, offset: number) => Promise<ListSlice<T>>;
  toUrls: (items: T[], site: Site) => SitemapUrl[];
}

/** /sitemap-news.xml?page=N: the news item pages, newest first. */
export const NEWS_PART: Part<NewsStub> = { read: newsStubs, toUrls: newsUrls };
/** /sitemap-events.xml?page=N: the event pages, by date. */
export const EVENTS_PART: Part<EventStub> = { read: eventStubs, toUrls: eventUrls };
/** /sitemap-albums.xml?page=N: the public albums' pages, newest first. */
export const ALBUMS_PART: Part<AlbumStub> = {
  read: (send, limit, offset) => albumWindow(send, limit, offset),
  toUrls: albumUrls,
};

/** Page `page` of a numbered sitemap, SITEMAP_MAX_URLS addresses a page; null past the last. */
export async function sitemapPart<T>(part: Part<T>, send: Send, site: Site, page: number): Promise<string | null> {
  const { items } = await part.read(send, SITEMAP_MAX_URLS, (page - 1) * SITEMAP_MAX_URLS);
  return items.length === 0 ? null : urlset(part.toUrls(items, site), site);
}

/** The loader of a numbered sitemap's route: 404 for a page that names none or is past the last. */
export function sitemapPartLoader<T>(part: Part<T>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const page = requestedSitemapPage(request);
    if (page === null) throw feedNotFound("Sitemap");
    const body = await fromUpstream(() => sitemapPart(part, publicSend(context), siteInfo(), page));
    if (body === null) throw feedNotFound("Sitemap");
    return feedResponse(body, SITEMAP_CONTENT_TYPE);
  };
}
