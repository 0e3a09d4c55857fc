/**
 * Long lists come a page at a time, so a club with years of news still sends a page
 * of bounded size. The first page is the list docs/product.md describes; ?page=2 and on hold
 * the rest, in the same order.
 */
export interface PageInfo {
  page: number;
  pages: number;
}

/** What a page number looks like, written out: no sign, no leading zero, at most six digits. */
export const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * A page number that came from outside (a form field, an address's ?page=): whole and
 * positive, or page 1. Whatever else was sent (CR/LF, a sign, text) is dropped here,
 * before it can reach an address or a redirect.
 */
export function pageNumberOf(raw: string | null | undefined): number {
  return raw && PAGE_NUMBER.test(raw) ? Number(raw) : 1;
}

/** The address of one page of a list; page 1 is the list's own address. */
export function pageHref(pathname: string, page: number): string {
  return page <= 1 ? pathname : `${pathname}?page=${page}`;
}
