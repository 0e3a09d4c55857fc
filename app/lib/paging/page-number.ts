// Apart from pages.ts, which every public page's Pager loads: only the admin and the
// server read page numbers from outside, and the public pages' JavaScript has no room for it.

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
