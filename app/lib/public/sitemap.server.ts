import { nextEvent, orderForDisplay } from "~/lib/event-order";
import type { AlbumCard } from "~/lib/upstream/album-answers.server";
import type { ClubEvent, NewsItem } from "~/lib/upstream/answers.server";
import { EVENTS_PAGE_SIZE, NEWS_PAGE_SIZE } from "./pages.server";
import type { SiteInfo } from "../site.server";
import { escapeXml } from "../xml.server";
import { albumPagePath } from "../paths/albums";
import { eventPagePath, newsPagePath, SITEMAP_PATH } from "../paths/site";

/**
 * Sitemaps (sitemaps.org 0.9) and /robots.txt, for search engines: the addresses and
 * dates they list. Which sitemaps there are, and reading them from the /api, is
 * sitemap-parts.server.ts.
 */

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
export const ROBOTS_CONTENT_TYPE = "text/plain; charset=utf-8";
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/**
 * The most addresses one sitemap lists. The protocol allows 50,000; a thousand keeps the
 * making of any one of them (a single bounded /api read) as cheap as a page's.
 */
export const SITEMAP_MAX_URLS = 1000;

/** The public pages of docs/product.md, 'Screens and routes', each with the content its date follows (if any). */
const PAGES: Array<{ path: string; follows: Array<"latestNews" | "nextEvent" | "newsPage" | "eventsPage"> }> = [
  { path: "/", follows: ["latestNews", "nextEvent"] },
  { path: "/news", follows: ["newsPage"] },
  { path: "/events", follows: ["eventsPage"] },
  { path: "/gallery", follows: [] },
  { path: "/who-we-are", follows: [] },
  { path: "/what-we-do", follows: [] },
];
export const FIXED_PAGE_COUNT = PAGES.length;

/** What a sitemap needs of an item: the fields it asks the /api for. */
export type NewsStub = Pick<NewsItem, "id" | "publishedAt" | "updatedAt">;
export type EventStub = Pick<ClubEvent, "id" | "date" | "updatedAt">;
export type AlbumStub = Pick<AlbumCard, "id" | "date" | "visibility">;

export interface SitemapUrl {
  path: string;
  lastmod: number | null;
}

/**
 * When an item's page last changed: its edit time when the upstream gives it, else the
 * item's own date. An event's date may lie ahead, and a lastmod in the future is
 * invalid (search engines ignore or distrust it), so such an event gets none.
 */
function lastmodOf(updatedAt: string | undefined, ownDate: string, now: number): number | null {
  const time = Date.parse(updatedAt ?? ownDate);
  return Number.isNaN(time) || time > now ? null : time;
}

const newest = (times: Array<number | null>) =>
  times.reduce<number | null>((max, time) => (time !== null && (max === null || time > max) ? time : max), null);

export function newsUrls(news: NewsStub[], site: Pick<SiteInfo, "now">): SitemapUrl[] {
  const now = Date.parse(site.now);
  return news.map((item) => ({
    path: newsPagePath(item.id),
    lastmod: lastmodOf(item.updatedAt, item.publishedAt, now),
  }));
}

export function eventUrls(events: EventStub[], site: Pick<SiteInfo, "now">): SitemapUrl[] {
  const now = Date.parse(site.now);
  return events.map((event) => ({
    path: eventPagePath(event.id),
    lastmod: lastmodOf(event.updatedAt, event.date, now),
  }));
}

/** The public albums' pages (never a parents-only one), dated by the album's day. */
export function albumUrls(albums: AlbumStub[], site: Pick<SiteInfo, "now">): SitemapUrl[] {
  const now = Date.parse(site.now);
  return albums
    .filter((album) => album.visibility === "public")
    .map((album) => ({ path: albumPagePath(album.id), lastmod: lastmodOf(undefined, album.date, now) }));
}

/**
 * The six public pages. A list page is dated by the newest change among the items it
 * shows (the first page of /news and of /events, the latest news and the next event
 * on the home page): an edit to an item it does not show leaves it as it was, and the
 * date costs two small reads however much content there is. `news` comes newest first
 * and `events` in the Events page's order; only their first page's worth is looked at.
 * The gallery and the two text pages have no dates in the /api, so they go without.
 */
export function pageUrls(news: NewsStub[], events: EventStub[], site: Pick<SiteInfo, "now">): SitemapUrl[] {
  const next = nextEvent(events, site.now);
  const shown = {
    latestNews: newsUrls(news.slice(0, 1), site),
    nextEvent: eventUrls(next ? [next] : [], site),
    newsPage: newsUrls(news.slice(0, NEWS_PAGE_SIZE), site),
    eventsPage: eventUrls(events.slice(0, EVENTS_PAGE_SIZE), site),
  };
  return PAGES.map(({ path, follows }) => ({
    path,
    lastmod: newest(follows.flatMap((kind) => shown[kind].map((url) => url.lastmod))),
  }));
}

/** A <urlset> of `urls` (at most SITEMAP_MAX_URLS), with absolute addresses. */
export function urlset(urls: SitemapUrl[], site: Pick<SiteInfo, "origin">): string {
  const lines = urls.map(({ path, lastmod }) => {
    const date = lastmod === null ? "" : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`;
    return `<url><loc>${escapeXml(`${site.origin}${path}`)}</loc>${date}</url>`;
  });
  return document("urlset", lines);
}

/** The whole site in one <urlset>: for a site of at most SITEMAP_MAX_URLS addresses. */
export function sitemap(
  news: NewsStub[],
  events: EventStub[],
  site: Pick<SiteInfo, "origin" | "now">,
  albums: AlbumStub[] = [],
): string {
  const pages = pageUrls(news, orderForDisplay(events, site.now), site);
  const items = [...newsUrls(news, site), ...eventUrls(events, site), ...albumUrls(albums, site)];
  return urlset([...pages, ...items], site);
}

/**
 * A <sitemapindex> naming each sitemap by its address (path and query). They carry no
 * <lastmod> (it is optional): knowing one would mean reading that sitemap's items.
 */
export function sitemapIndex(addresses: string[], site: Pick<SiteInfo, "origin">): string {
  return document(
    "sitemapindex",
    addresses.map((address) => `<sitemap><loc>${escapeXml(`${site.origin}${address}`)}</loc></sitemap>`),
  );
}

function document(root: "urlset" | "sitemapindex", lines: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<${root} xmlns="${NAMESPACE}">`, ...lines, `</${root}>`, ""].join(
    "\n",
  );
}

/**
 * Crawlers may read the public site; the admin area (its pages are noindex too) and the
 * admin /api are no business of theirs. The sitemap is named by its absolute address,
 * which follows SITE_URL.
 */
export function robotsTxt(site: Pick<SiteInfo, "origin">): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/admin",
    "",
    `Sitemap: ${site.origin}${SITEMAP_PATH}`,
    "",
  ].join("\n");
}
