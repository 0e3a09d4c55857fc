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
