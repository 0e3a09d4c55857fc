import { parse } from "hono/utils/cookie";

/**
 * The cookie a visitor gets for entering the club's gallery passphrase (docs/product.md,
 * 'Parents-only albums'). The /api sets and checks it; the app forwards it to the
 * /api and never keeps a page made with it. Over HTTPS it is a __Host- cookie, so a
 * sibling subdomain can neither plant nor overwrite it.
 */
export const GALLERY_COOKIE = "gallery";
export const SECURE_GALLERY_COOKIE = `__Host-${GALLERY_COOKIE}`;

export function galleryCookieName(secure: boolean): string {
  return secure ? SECURE_GALLERY_COOKIE : GALLERY_COOKIE;
}

/**
 * The gallery cookies in a Cookie header, as a Cookie header of their own ('' when none).
 * Read with the parser the /api reads cookies with (Hono's: the white space around a
 * name or a value is no part of it, so `gallery =…` is the gallery cookie), and the only
 * reading of that cookie anywhere: the /api's check of it, its no-store rule, the page
 * cache and the pages that pass it on all go through here, so none can see a cookie the
 * others miss.
 */
export function galleryCookiesOf(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return "";
  const cookies = parse(cookieHeader);
  return [GALLERY_COOKIE, SECURE_GALLERY_COOKIE]
    .filter((name) => cookies[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(cookies[name])}`)
    .join("; ");
}

/** The value of the gallery cookie this site sets (`secure`: the __Host- one), or undefined. */
export function galleryCookieValue(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  return cookieHeader ? parse(cookieHeader, galleryCookieName(secure))[galleryCookieName(secure)] : undefined;
}
