/**
 * The most characters one page text (who-we-are, what-we-do) may hold
 * (docs/product.md §5, §9): the /api refuses more, and the admin editor says so before
 * sending.
 */
export const MAX_PAGE_TEXT = 50_000;
