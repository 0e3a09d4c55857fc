/**
 * Long lists come a page at a time, so a club with years of news still sends a page
 * of bounded size. The first page is the list docs/product.md describes; ?page=2 and on hold
 * the rest, in the same order.
 */
export interface PageInfo {
  page: number;
  pages: number;
}

/** The address of one page of a list; page 1 is the list's own address. */
export function pageHref(pathname: string, page: number): string {
  return page <= 1 ? pathname : `${pathname}?page=${page}`;
}
