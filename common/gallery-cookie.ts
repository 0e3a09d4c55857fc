/**
 * The cookie a visitor gets for entering the club's gallery passphrase (docs/product.md
 * §12, 'Parents-only albums'). The /api sets and checks it; the app forwards it to the
 * /api and never keeps a page made with it. Over HTTPS it is a __Host- cookie, so a
 * sibling subdomain can neither plant nor overwrite it.
 */
export const GALLERY_COOKIE = "gallery";
export const SECURE_GALLERY_COOKIE = `__Host-${GALLERY_COOKIE}`;

export function galleryCookieName(secure: boolean): string {
  return secure ? SECURE_GALLERY_COOKIE : GALLERY_COOKIE;
}

/** The gallery cookies in a Cookie header, as a Cookie header of their own ('' when none). */
export function galleryCookiesOf(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return "";
  return cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => {
      const name = part.slice(0, part.indexOf("="));
      return name === GALLERY_COOKIE || name === SECURE_GALLERY_COOKIE;
    })
    .join("; ");
}
