import type { MetaDescriptor } from "@remix-run/react";
import { PRIVATE_NO_STORE } from "./security/headers.server";
import { siteInfo } from "./site.server";

/**
 * A private page, reached by the token in a link the site gave one person (a subscription's
 * confirm and manage links, a booking's link), and the booking pages beside it: they hold
 * that person's details, so no cache keeps them and no search engine lists them
 * (docs/product.md, 'E-mail' and 'Bookings'). Which of them may be framed, and which send
 * no Referer, is the security headers' to say (security/headers.server.ts).
 */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": PRIVATE_NO_STORE };

/** The booking pages say noindex in a header as well (docs/product.md, 'Bookings'). */
export const BOOKING_PAGE_HEADERS = { ...PRIVATE_PAGE_HEADERS, "X-Robots-Tag": "noindex" };

/**
 * Such a page's tags: its title and noindex, and the Referrer policy in a tag when the
 * page asks (`referrer`): for a page reached by the site's own script, which keeps the
 * first page's policy (security/headers.server.ts says why not no-referrer).
 */
export function privatePageMeta(title: string, { referrer }: { referrer?: "same-origin" } = {}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: `${title} | ${siteInfo().name}` }, { name: "robots", content: "noindex" }];
  if (referrer) tags.push({ name: "referrer", content: referrer });
  return tags;
}
