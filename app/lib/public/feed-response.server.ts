/**
 * How the calendar, the news feed, the sitemap and robots.txt are sent. They are read
 * by machines (calendar apps about once an hour, feed readers, crawlers), often many at
 * once after a newsletter: five minutes lets a browser or a proxy answer the repeats,
 * while an administrator's change still reaches everyone within minutes. (The server's
 * page cache keeps HTML pages only, so each of these is made fresh from the /api.)
 */
export const FEED_CACHE_CONTROL = "public, max-age=300";

export function feedResponse(body: string, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: { "Content-Type": contentType, "Cache-Control": FEED_CACHE_CONTROL, ...headers },
  });
}

/** A short plain-text 404: a calendar app or a crawler shows or logs this, not a page. */
export function feedNotFound(what: string): Response {
  return new Response(`${what} not found.`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
