/**
 * A micro-cache of the public pages' HTML, in front of the Remix handler: a page that
 * hundreds of parents open after a newsletter is rendered once, not once per visit.
 *
 * It is safe because:
 * - only anonymous GETs are served from it or stored in it: a request with our session
 *   cookie (an administrator, or a visitor with a notice waiting) always renders, and
 *   an answer that sets a cookie is never kept;
 * - an entry holds only while the content it was made from is current: the content
 *   version changes with every write to the /api (at any instance sharing its
 *   database), so an admin's change shows on the very next page load; and for a few
 *   seconds at most, so "past" and "upcoming" follow the clock;
 * - every answer gets its own CSP nonce: the one the page was rendered with is swapped
 *   for the new one. Nonces are random, so that string appears nowhere else.
 */

export interface PageCacheOptions {
  /** How long an entry may serve at the most. */
  maxAgeMs: number;
  /** How many pages are kept (the least recently used go first). */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  html: string;
  nonce: string;
  headers: Array<[string, string]>;
  version: number;
  storedAt: number;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-session|__session)=/;
/** Headers that belong to one answer, not to the page. */
const PER_ANSWER = new Set(["content-security-policy", "content-length", "date", "set-cookie"]);

export function isCacheableRequest(request: Request, pathname: string): boolean {
  if (request.method !== "GET") return false;
  if (pathname.startsWith("/admin") || new URL(request.url).searchParams.has("_data")) return false;
  return !SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The stored page with `nonce` in place of the one it was rendered with, or null.
   * `version` is the content's current version; entries made under another are stale.
   */
  get(key: string, nonce: string, version: number): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || this.now() - entry.storedAt > this.options.maxAgeMs) {
      this.entries.delete(key);
      return null;
    }
    // Most recently used last, so the oldest is first in line to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return new Response(entry.html.split(entry.nonce).join(nonce), { status: 200, headers: entry.headers });
  }

  /**
   * Keeps a rendered page if it may be shared, and returns the answer to send in its
   * place (its body has been read). `version` is the content version read before the
   * page was rendered, so a write during the render makes the entry stale at once.
   */
  async put(key: string, response: Response, nonce: string, version: number): Promise<Response> {
    const type = response.headers.get("Content-Type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("Set-Cookie")) return response;
    const html = await response.text();
    const headers = [...response.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase()));
    this.entries.set(key, { html, nonce, headers, version, storedAt: this.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return new Response(html, { status: 200, headers: response.headers });
  }
}
