import { env } from "../config.server";

/** Addresses a server listens on that name no host a visitor could use. */
const ANY_OR_LOOPBACK = new Set(["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"]);

/**
 * The site's own address for links that leave the page (share links, link previews):
 * SITE_URL, else the address it was configured with. Never the request's Host header:
 * anyone can send a forged one, and a cache or a crawler would keep the result.
 */
export function siteOrigin(): string {
  const { SITE_URL, HOST, PORT } = env();
  if (SITE_URL) return new URL(SITE_URL).origin;
  const host = ANY_OR_LOOPBACK.has(HOST) ? "localhost" : HOST.includes(":") ? `[${HOST}]` : HOST;
  return `http://${host}:${PORT}`;
}

/**
 * The origins, besides the request's own, that a page of ours may post from: SITE_URL,
 * and behind a trusted reverse proxy the address the visitor's browser used.
 */
export function ownOrigins(request: Request): string[] {
  const { SITE_URL, TRUST_PROXY } = env();
  const origins = SITE_URL ? [new URL(SITE_URL).origin] : [];
  if (TRUST_PROXY) {
    const host = request.headers.get("X-Forwarded-Host")?.split(",")[0].trim();
    const proto = request.headers.get("X-Forwarded-Proto")?.split(",")[0].trim() ?? "https";
    if (host && (proto === "http" || proto === "https")) origins.push(`${proto}://${host}`);
  }
  return origins;
}

/**
 * Whether a write names, in its Origin, another host than the one it was sent to (its
 * X-Forwarded-Host when there is one, else its Host). Remix refuses such an action by
 * throwing, which answered 500 with a stack trace per request; server.ts refuses it first,
 * as it refuses a cross-site write, with one line in the log. The rule is Remix's own
 * (@remix-run/server-runtime, throwIfPotentialCSRFAttack), so nothing it would throw on
 * reaches it.
 */
export function originNamesAnotherHost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const origin = request.headers.get("Origin");
  if (origin === null || origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  const host = forwarded || request.headers.get("Host");
  return originHost !== host;
}
