import { get } from "./http";

/**
 * The addresses docs/architecture.md, 'Budgets' bounds, each one page, item, feed, admin screen or /api
 * call: the first, second and last page of each list, an item from the middle, the
 * feeds and the sitemap (and its first child when it is an index).
 */

export interface Address {
  /** The same on every data set, so their figures line up: "/news?page={last}". */
  label: string;
  path: string;
  /** Sent with the administrator's session cookie. */
  admin: boolean;
}

/** The pages' sizes today, for when a page's pager cannot be read. */
const PER_PAGE = { "/news": 10, "/events": 12 } as const;

/** The last page a list's pager points to: its "Page 1 of N", else its highest ?page=N link. */
export function lastPageOf(html: string): number | null {
  const of = /Page\s+\d+\s+of\s+(\d+)/.exec(html);
  if (of) return Number(of[1]);
  const pages = [...html.matchAll(/[?&]amp;page=(\d+)|[?&]page=(\d+)/g)].map((m) => Number(m[1] ?? m[2]));
  return pages.length > 0 ? Math.max(...pages) : null;
}

async function lastPage(base: string, list: keyof typeof PER_PAGE, items: number): Promise<number> {
  const { body } = await get(`${base}${list}`);
  return lastPageOf(body.toString("utf8")) ?? Math.max(1, Math.ceil(items / PER_PAGE[list]));
}

/** The first child of a sitemap index, as a path on this server, or null for a plain sitemap. */
export function firstChildSitemap(xml: string): string | null {
  if (!/<sitemapindex[\s>]/.test(xml)) return null;
  const loc = /<sitemap>\s*<loc>([^<]+)<\/loc>/.exec(xml);
  if (!loc) return null;
  const url = new URL(loc[1].replace(/&amp;/g, "&"), "http://site.invalid");
  return `${url.pathname}${url.search}`;
}

/** An array body, or the list inside an object body (should the /api come to wrap its lists). */
function listOf(body: unknown): Array<{ id: number }> {
  if (Array.isArray(body)) return body as Array<{ id: number }>;
  const inner = Object.values(body as Record<string, unknown>).find(Array.isArray);
  return (inner ?? []) as Array<{ id: number }>;
}

export interface Ids {
  newsIds: number[];
  eventIds: number[];
  /** The public albums' ids; the biggest first when the bench filled them (fill.ts). */
  albumIds: number[];
}

/** The ids the /api lists: on the demo data, where the bench wrote nothing itself. */
export async function listedIds(base: string): Promise<Ids> {
  const ids = async (path: string) =>
    listOf(JSON.parse((await get(`${base}${path}`)).body.toString())).map((i) => i.id);
  return { newsIds: await ids("/api/news"), eventIds: await ids("/api/events"), albumIds: await ids("/api/albums") };
}

/** The first (on a filled database, the biggest) album's first and last page of 60 images. */
function albumPages(albumIds: number[]): Array<[string, string]> {
  const album = albumIds[0];
  if (album === undefined) return [];
  return [
    ["/gallery/albums/{id}", `/gallery/albums/${album}`],
    ["/gallery/albums/{id}?page=4", `/gallery/albums/${album}?page=4`],
  ];
}

/** The item from the middle of a list, which each data set's figures name as {id}. */
export const middle = (ids: number[]) => [...ids].sort((a, b) => a - b)[Math.floor(ids.length / 2)];

/** Every address to measure, with the items of `ids` (all news and events there are). */
export async function addressesOf(base: string, { newsIds, eventIds, albumIds }: Ids): Promise<Address[]> {
  const ids = { news: middle(newsIds), event: middle(eventIds) };
  const newsLast = await lastPage(base, "/news", newsIds.length);
  const eventsLast = await lastPage(base, "/events", eventIds.length);
  const sitemapChild = firstChildSitemap((await get(`${base}/sitemap.xml`)).body.toString("utf8"));
  const publicPages: Array<[string, string]> = [
    ["/", "/"],
    ["/news", "/news"],
    ["/news?page=2", "/news?page=2"],
    ["/news?page={last}", `/news?page=${newsLast}`],
    ["/events", "/events"],
    ["/events?page=2", "/events?page=2"],
    ["/events?page={last}", `/events?page=${eventsLast}`],
    ["/gallery", "/gallery"],
    ["/gallery?page=2", "/gallery?page=2"],
    ...albumPages(albumIds),
    ["/news/{id}", `/news/${ids.news}`],
    ["/events/{id}", `/events/${ids.event}`],
    ["/events/{id}.ics", `/events/${ids.event}.ics`],
    ["/news.xml", "/news.xml"],
    ["/events.ics", "/events.ics"],
    ["/sitemap.xml", "/sitemap.xml"],
    ...(sitemapChild ? [["sitemap's first child", sitemapChild] as [string, string]] : []),
    // Search: a word in an eighth of the filled items, its second page, a start of a word
    // that begins thousands, and a misspelling that finds nothing and asks for a suggestion.
    ["/search?q=bike", "/search?q=bike"],
    ["/search?q=bike&page=2", "/search?q=bike&page=2"],
    ["/search?q=bi", "/search?q=bi"],
    ["/search?q=picnik", "/search?q=picnik"],
  ];
  const adminPages: Array<[string, string]> = [
    ...["/admin/dashboard", "/admin/news", "/admin/events", "/admin/gallery", "/admin/news?page=2"].map(
      (path): [string, string] => [path, path],
    ),
    ["/admin/news?status=draft", "/admin/news?status=draft"],
    ["/admin/news/{id}/history", `/admin/news/${ids.news}/history`],
  ];
  const apiPaths = ["/api/news?limit=20", "/api/news", "/api/albums?limit=12", "/api/search?q=club"];
  return [
    ...publicPages.map(([label, path]) => ({ label, path, admin: false })),
    ...adminPages.map(([label, path]) => ({ label, path, admin: true })),
    ...apiPaths.map((path) => ({ label: path, path, admin: false })),
  ];
}
