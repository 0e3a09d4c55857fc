import { isApiPath } from "../../../common/paths";
import { isPrivateRequest } from "../../../common/private-request";
import { carriesSession } from "../security/session.server";

/**
 * A cache of the public pages' HTML and of the feeds (calendar, news feed, sitemaps), in
 * front of the Remix handler: a page that hundreds of parents open after a newsletter
 * is rendered once, not once per visit, and a calendar polled by every subscriber is
 * made once per change, not once per poll.
 *
 * It is safe because:
 * - only anonymous GETs outside /admin and /api are served from it or stored in it: a
 *   request with our session cookie (an administrator, or a visitor with a notice
 *   waiting) or the gallery passphrase's cookie always renders, and an answer that
 *   sets a cookie is never kept;
 * - an entry holds only while the content it was made from is current: the content
 *   version changes with every write to the /api (at any instance sharing its
 *   database), so an admin's change shows on the very next load;
 * - and only for a while, so what follows the clock (past and upcoming, the calendar's
 *   window, the sitemap's dates) moves on: a page a few seconds, an answer that says it
 *   may be shared (`Cache-Control: public, max-age=N`, the feeds) N seconds, bounded;
 * - a page gets its own CSP nonce on every answer: the one it was rendered with is
 *   swapped for the new one (nonces are random, so that string appears nowhere else).
 *   A shared answer has no nonce and goes out byte for byte, so its ETag stays true.
 *
 * A kept answer carries `Age` (RFC 9111 §5.1): a browser then keeps it only for what
 * is left of its max-age, and anyone can tell it was not made for this request.
 */

export interface PageCacheOptions {
  /** How long a page's HTML may serve at the most. */
  maxAgeMs: number;
  /** How long any other answer may serve at the most, whatever max-age it declares. */
  maxSharedAgeMs: number;
  /** How many answers are kept (the least recently used go first). */
  maxEntries: number;
  /** How many characters of bodies are kept at the most, so query variants cannot fill memory. */
  maxChars: number;
  now?: () => number;
}

interface Entry {
  body: string;
  /** The nonce a page was rendered with; null for an answer that is sent as it is. */
  nonce: string | null;
  headers: Array<[string, string]>;
  version: number;
  storedAt: number;
  maxAgeMs: number;
}

/** Headers that belong to one answer, not to the page. */
const PER_ANSWER = new Set(["content-security-policy", "content-length", "date", "set-cookie", "age"]);

/**
 * Only an anonymous GET of a public page or feed is served from the cache or kept in it:
 * never a private request (common/private-request.ts), never the /api (it sets its own
 * headers) or loader data, never a request the app would read a session from (its
 * page may carry that session's notices).
 */
export async function isCacheableRequest(request: Request): Promise<boolean> {
  if (request.method !== "GET" || isPrivateRequest(request)) return false;
  const url = new URL(request.url);
  if (isApiPath(url.pathname) || url.searchParams.has("_data")) return false;
  return !(await carriesSession(request));
}

/** N from `public, max-age=N`, in milliseconds; null when the answer does not say it may be shared. */
function sharedMaxAgeMs(cacheControl: string | null): number | null {
  const directives = (cacheControl ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim());
  if (!directives.includes("public")) return null;
  const maxAge = directives.map((part) => /^max-age=(\d{1,9})$/.exec(part)?.[1]).find(Boolean);
  return maxAge === undefined ? null : Number(maxAge) * 1000;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The stored answer (a page with `nonce` in place of the one it was rendered with),
   * or null. `version` is the content's current version; entries made under another
   * are stale.
   */
  get(key: string, nonce: string, version: number): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    if (entry.version !== version || age > entry.maxAgeMs) {
      this.drop(key);
      return null;
    }
    // Most recently used last, so the oldest is first in line to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const body = entry.nonce === null ? entry.body : entry.body.split(entry.nonce).join(nonce);
    const headers = new Headers(entry.headers);
    headers.set("Age", String(Math.floor(age / 1000)));
    return new Response(body, { status: 200, headers });
  }

  /**
   * Keeps an answer if it may be shared, and returns the answer to send in its place
   * (its body has been read). `version` is the content version read before it was
   * rendered, so a write during the render makes the entry stale at once.
   */
  async put(key: string, response: Response, nonce: string, version: number): Promise<Response> {
    const kept = this.keeping(response);
    if (!kept) return response;
    const body = await response.text();
    const answer = new Response(body, { status: 200, headers: response.headers });
    if (body.length > this.options.maxChars) return answer;
    const headers = [...response.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase()));
    this.drop(key);
    this.entries.set(key, {
      body,
      nonce: kept.page ? nonce : null,
      headers,
      version,
      storedAt: this.now(),
      maxAgeMs: kept.maxAgeMs,
    });
    this.chars += body.length;
    while (this.entries.size > this.options.maxEntries || this.chars > this.options.maxChars) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    return answer;
  }

  /** How an answer is kept: a page for a few seconds, a shared answer for its max-age; null: not at all. */
  private keeping(response: Response): { page: boolean; maxAgeMs: number } | null {
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
    if (/\b(?:private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "")) return null;
    if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
      return { page: true, maxAgeMs: this.options.maxAgeMs };
    }
    const shared = sharedMaxAgeMs(response.headers.get("Cache-Control"));
    if (shared === null || shared === 0) return null;
    return { page: false, maxAgeMs: Math.min(shared, this.options.maxSharedAgeMs) };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.chars -= entry.body.length;
    this.entries.delete(key);
  }
}
