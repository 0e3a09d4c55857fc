/**
 * The one test of "is this an admin (or /api) address", for every rule keyed on one:
 * no-store, body limits, the page cache, the guards. It compares what the router
 * matches, not the raw text: Remix decodes the path and matches routes without regard
 * to case, so /ADMIN/news, /Admin/%6Eews and //admin/news are the admin's News page too.
 */
export function routePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes match no route as they are; compare the text as it came.
  }
  return decoded.replace(/\/{2,}/g, "/").toLowerCase();
}

const under = (prefix: string) => (pathname: string) => {
  const path = routePath(pathname);
  return path === prefix || path.startsWith(`${prefix}/`);
};

/** Admin pages and their answers hold a signed-in administrator's data. */
export const isAdminPath = under("/admin");

/** The /api, whose answers the page cache never keeps. */
export const isApiPath = under("/api");

/** The /api's calls for the committee, which answer only with a token. */
export const isApiAdminPath = under("/api/admin");

/**
 * The /api's calls reached by the token of a link the site gave one person (a booking's
 * private link, a subscription's confirm and manage links, a draft's preview link): their
 * answers hold that person's details or an unpublished text, so they are as private as
 * an administrator's (docs/product.md, 'Bookings', 'E-mail' and 'Publishing').
 */
const PRIVATE_LINK_CALLS = ["/api/bookings", "/api/subscriptions", "/api/preview"].map(under);

export function isPrivateLinkCall(pathname: string): boolean {
  return PRIVATE_LINK_CALLS.some((isUnder) => isUnder(pathname));
}
