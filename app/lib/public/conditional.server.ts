import { createHash } from "node:crypto";

/**
 * Validators for the answers machines fetch again and again (the calendar, the news
 * feed, the sitemaps): each carries an ETag made from its body, and a client that
 * sends it back in If-None-Match while the body is unchanged gets a bodiless 304. A
 * calendar app polling hourly then costs a few hundred bytes, not the whole file.
 */

/**
 * A strong validator: the body's SHA-256. The same bytes always give the same tag, at
 * any instance and after a restart, so a client's copy stays valid for as long as the
 * content it was made from. (The compressor marks it weak, W/"…", on a gzipped answer:
 * a strong tag names one exact byte sequence, and the compressed bytes are another.)
 */
export function strongEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/**
 * The headers a 304 keeps from the 200 it stands for (RFC 9110 §15.4.5); Age, so a
 * client's copy expires when the one it revalidated against would have; and the
 * Content-Type, since Node's server would otherwise label the 304 text/plain, and a
 * cache that takes the 304's headers into its copy would then hold a wrong type.
 */
const KEPT_ON_304 = ["cache-control", "content-location", "date", "etag", "expires", "vary", "age", "content-type"];

/**
 * Whether `ifNoneMatch` names `etag`: `*`, or one of the listed tags under the weak
 * comparison of RFC 9110 §8.8.3.2 (W/ ignored), which is the one If-None-Match uses.
 */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.match(/"[^"]*"/g)?.includes(opaque) ?? false;
}

/**
 * The 304 to send instead of `response`, or null when the full answer must go: only a
 * GET or HEAD, only in place of a 200 that has an ETag the request already holds.
 */
export function notModified(request: Request, response: Response): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const etag = response.headers.get("ETag");
  if (response.status !== 200 || etag === null) return null;
  if (!etagMatches(request.headers.get("If-None-Match"), etag)) return null;
  const headers = new Headers();
  for (const name of KEPT_ON_304) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
}
