import { strongEtag } from "./conditional.server";

/**
 * How the calendar, the news feed, the sitemaps and robots.txt are sent. They are read
 * by machines (calendar apps about once an hour, feed readers, crawlers), often many at
 * once after a newsletter: five minutes lets a browser or a proxy answer the repeats,
 * while an administrator's change still reaches everyone within minutes. With the
 * embedded /api the server keeps each one for as long (server.ts, page-cache.server.ts),
 * and forgets it at the next write.
 */
export const FEED_CACHE_CONTROL = "public, max-age=300";

/**
 * The ETag lets a client that already has this body revalidate it for a 304
 * (conditional.server.ts; server.ts answers If-None-Match for every such answer).
 * `lastModified`, the newest change of what the feed holds, goes out as Last-Modified
 * for the readers and caches that go by it.
 */
export function feedResponse(
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
  lastModified: Date | null = null,
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Cache-Control": FEED_CACHE_CONTROL,
      ETag: strongEtag(body),
      ...(lastModified && { "Last-Modified": lastModified.toUTCString() }),
      ...headers,
    },
  });
}

/** A short plain-text 404: a calendar app or a crawler shows or logs this, not a page. */
export function feedNotFound(what: string): Response {
  return new Response(`${what} not found.`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
