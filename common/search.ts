/**
 * What the /api's search and the site's search page share:
 * the answer's shape and the bounds of a query.
 */
export const SEARCH_TYPES = ["news", "event", "album", "image"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Results on one page of the search. */
export const SEARCH_PAGE_SIZE = 10;
/**
 * The most results a search pages through (100 pages), however many match: `total` still
 * counts them all. On SQLite they are the best of the most recently written matches
 * (api/store/search.ts).
 */
export const SEARCH_RESULTS_MOST = 1_000;
/** The longest query, in characters; longer is refused (400 naming `q`). */
export const SEARCH_QUERY_MAX = 200;
/** A query shorter than this is matched as the start of a word ('bi' finds 'bike'). */
export const SHORT_QUERY_LENGTH = 3;

export interface SearchResult {
  type: SearchType;
  id: number;
  title: string;
  /** HTML: the content's own text escaped, the words found in <mark>. */
  snippet: string;
  /** The page that shows it, on this site. */
  url: string;
  /** ISO time (news, events, photos) or YYYY-MM-DD (albums). */
  date: string;
  /** Events only: whether it is still to come. */
  upcoming?: boolean;
}

export interface SearchAnswer {
  results: SearchResult[];
  page: number;
  pages: number;
  total: number;
  /** A close spelling that finds something, when the query found nothing. */
  suggestion?: string;
}
