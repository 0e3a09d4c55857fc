import { randomBytes } from "node:crypto";

/** A fresh nonce per response: scripts run only when they carry it (docs/architecture.md, 'Security baseline'). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The pages the site frames itself: the booking page, which the product spec's Book Now
 * dialog frames as the event's booking address, and the private page its answer links
 * to, opened in that same frame. Only the site may frame them; every other page none.
 */
const FRAMED_BY_THE_SITE = [/^\/events\/[^/]+\/book\/?$/, /^\/bookings\/[^/]+\/?$/];
/**
 * A private booking link never leaves the site in a Referer (docs/product.md, 'Bookings').
 * `same-origin`, not `no-referrer`: a page with no-referrer sends its own forms with
 * `Origin: null`, which Remix refuses as forged, so the page would not work without
 * JavaScript; same-origin sends nothing to any other site either.
 */
const SENDS_NO_REFERRER = /^\/bookings\//;

export function framedByTheSite(pathname: string): boolean {
  return FRAMED_BY_THE_SITE.some((pattern) => pattern.test(pathname));
}

export function contentSecurityPolicy(nonce: string, pathname = "/"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // React and the editor set style attributes; attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    // Administrators may point an image at any https address.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // Booking pages are other sites, shown in a sandboxed frame.
    "frame-src https: http:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    framedByTheSite(pathname) ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every response carries, whatever produced it; `pathname` is the address asked for. */
export function securityHeaders(nonce: string, production: boolean, pathname = "/"): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, pathname),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": SENDS_NO_REFERRER.test(pathname) ? "same-origin" : "strict-origin-when-cross-origin",
    "X-Frame-Options": framedByTheSite(pathname) ? "SAMEORIGIN" : "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * A state-changing request must come from our own pages. Browsers send Origin with
 * nearly every cross-site POST, and a Referer when they do not (older browsers, some
 * privacy settings); a request with neither is not from a browser page, so it carries
 * no visitor's cookie to abuse. `ownOrigins` are the addresses the site is known by
 * besides the request's own (SITE_URL, a trusted proxy's forwarded host).
 */
export function isCrossSiteRequest(request: Request, ownOrigins: readonly string[] = []): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const allowed = new Set([new URL(request.url).origin, ...ownOrigins]);
  const origin = request.headers.get("Origin");
  // "null" (a sandboxed frame, a data: page) is never one of ours.
  if (origin !== null) return !allowed.has(origin);
  const referer = request.headers.get("Referer");
  if (referer === null) return false;
  try {
    return !allowed.has(new URL(referer).origin);
  } catch {
    return true;
  }
}

/** The short page a refused cross-site request gets instead of the form's answer. */
export const CROSS_SITE_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Request refused</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Request refused</h1>
<p>This form was sent from another website, so it was not accepted.
Please go back to the page on this site and try again.</p>
<p><a href="/">Go to the home page</a></p></body></html>
`;

export const PRIVATE_NO_STORE = "private, no-store";
