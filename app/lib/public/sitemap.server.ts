import type { ClubEvent, NewsItem } from "~/lib/models.server";
import type { SiteInfo } from "./site.server";
import { escapeXml } from "./xml.server";
import { eventPagePath, newsPagePath, SITEMAP_PATH } from "./urls";

/** /sitemap.xml (sitemaps.org 0.9) and /robots.txt, for search engines. */

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
export const ROBOTS_CONTENT_TYPE = "text/plain; charset=utf-8";

/** The public pages of SPEC.md §2, each with the content its date follows (if any). */
const PAGES: Array<{ path: string; follows: Array<"news" | "events"> }> = [
  { path: "/", follows: ["news", "events"] },
  { path: "/news", follows: ["news"] },
  { path: "/events", follows: ["events"] },
  { path: "/gallery", follows: [] },
  { path: "/who-we-are", follows: [] },
  { path: "/what-we-do", follows: [] },
];

interface Entry {
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

export function sitemap(news: NewsItem[], events: ClubEvent[], site: SiteInfo): string {
  const now = Date.parse(site.now);
  const newsEntries: Entry[] = news.map((item) => ({
    path: newsPagePath(item.id),
    lastmod: lastmodOf(item.updatedAt, item.publishedAt, now),
  }));
  const eventEntries: Entry[] = events.map((event) => ({
    path: eventPagePath(event.id),
    lastmod: lastmodOf(event.updatedAt, event.date, now),
  }));
  // A list page changes when one of its items does; the gallery and the two text pages
  // have no dates in the /api, so they go without.
  const latest = {
    news: newest(newsEntries.map((e) => e.lastmod)),
    events: newest(eventEntries.map((e) => e.lastmod)),
  };
  const pageEntries: Entry[] = PAGES.map(({ path, follows }) => ({
    path,
    lastmod: newest(follows.map((kind) => latest[kind])),
  }));

  const urls = [...pageEntries, ...newsEntries, ...eventEntries].map(({ path, lastmod }) => {
    const date = lastmod === null ? "" : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`;
    return `<url><loc>${escapeXml(`${site.origin}${path}`)}</loc>${date}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
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
