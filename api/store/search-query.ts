import { sql, type RawBuilder } from "kysely";
import { SHORT_QUERY_LENGTH } from "../../common/search";
import { STOP_WORDS } from "./search-stop-words";

/**
 * A visitor's query as each store matches it. PostgreSQL reads it with
 * websearch_to_tsquery ('english', so words are stemmed as the index is); FTS5 gets the
 * same words less PostgreSQL's stop words (search-stop-words.ts), each quoted so none is
 * read as its syntax, all required. A query shorter than SHORT_QUERY_LENGTH is the start
 * of a word on both ('bi' finds 'bike'). Null: no word to match, so nothing is found and
 * no store is asked.
 */
export interface StoreQuery {
  /** FTS5's MATCH expression. */
  fts5: string;
  /** PostgreSQL's tsquery. */
  tsquery: RawBuilder<unknown>;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** The most words a query is matched by; a query is at most 200 characters anyway. */
const MOST_WORDS = 20;

export const wordsOfQuery = (q: string): string[] => [...q.matchAll(WORD)].map(([word]) => word).slice(0, MOST_WORDS);

const quoted = (word: string) => `"${word}"`;

export function storeQuery(q: string): StoreQuery | null {
  const words = wordsOfQuery(q.toLowerCase());
  if (words.length === 0) return null;
  if (q.trim().length < SHORT_QUERY_LENGTH) {
    const start = words.join("");
    return { fts5: `${quoted(start)}*`, tsquery: sql`to_tsquery('simple', ${`${start}:*`})` };
  }
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  if (meaningful.length === 0) return null;
  return { fts5: meaningful.map(quoted).join(" "), tsquery: sql`websearch_to_tsquery('english', ${q})` };
}
