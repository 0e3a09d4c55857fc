import { sql, type Kysely } from "kysely";
import { SEARCH_RESULTS_MOST, type SearchResult, type SearchType } from "../../common/search";
import { dialectOf } from "./dialect";
import { countOf } from "./listing";
import type { Database } from "./schema";
import { markedHtml, MARK_END, MARK_START } from "./search-marks";
import { storeQuery, type StoreQuery } from "./search-query";

/**
 * One page of a search across everything public (docs/product.md, 'Search'), best first:
 * a word in the title counts for more than one in the text (FTS5's bm25 with the title
 * weighed ten times; PostgreSQL's ts_rank with the title as weight A and the text as B),
 * then the newer, then the later added. Only what is public at `now` is read, whatever
 * the index holds. The snippets are made for the page's rows only.
 */
const TITLE_WEIGHT = 10;
const SNIPPET_WORDS = 24;

interface Row {
  kind: SearchType;
  item_id: number;
  title: string;
  url: string;
  date: string;
  title_marked: string;
  body_marked: string;
}

export async function searchPage(
  db: Kysely<Database>,
  q: string,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ items: SearchResult[]; total: number }> {
  const query = storeQuery(q);
  if (query === null) return { items: [], total: 0 };
  const at = now.toISOString();
  const [rows, total] =
    dialectOf(db) === "postgres"
      ? await Promise.all([postgresRows(db, query, window, at), postgresCount(db, query, at)])
      : await Promise.all([sqliteRows(db, query, window, at), sqliteCount(db, query)]);
  return { items: rows.map((row) => resultOf(row, at)), total };
}

/** How many results a query has: one COUNT. */
export async function searchCount(db: Kysely<Database>, q: string, now: Date): Promise<number> {
  const query = storeQuery(q);
  if (query === null) return 0;
  const at = now.toISOString();
  return dialectOf(db) === "postgres" ? postgresCount(db, query, at) : sqliteCount(db, query);
}

function resultOf(row: Row, at: string): SearchResult {
  const snippet = markedHtml(row.body_marked || row.title_marked);
  return {
    type: row.kind,
    id: Number(row.item_id),
    title: row.title,
    snippet,
    url: row.url,
    date: row.date,
    ...(row.kind === "event" && { upcoming: row.date > at }),
  };
}

/**
 * FTS5 ranks the most recently written SEARCH_RESULTS_MOST of the matches (rowids grow with
 * every write, and FTS5 walks a word's list newest first without reading a row): bm25 and
 * the date read each row they rank, so a word in every one of 17,000 documents cost 70 ms
 * ranked whole and costs under 10 ms ranked so. A query matching fewer is ranked whole, as
 * PostgreSQL ranks every query. The page is chosen first; highlight and snippet, which read
 * the texts, run for its rows only.
 */
async function sqliteRows(db: Kysely<Database>, query: StoreQuery, window: PageWindow, at: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    with newest as (
      select rowid from search_documents where search_documents match ${query.fts5}
      order by rowid desc limit ${SEARCH_RESULTS_MOST}
    ),
    page as (
      select rowid as id, bm25(search_documents, ${TITLE_WEIGHT}, 1.0) as rank, date
      from search_documents
      where search_documents match ${query.fts5} and rowid >= (select min(rowid) from newest)
        and publish_at <= ${at}
      order by rank, date desc, rowid desc
      limit ${window.limit} offset ${window.offset}
    )
    select kind, item_id, title, url, search_documents.date as date,
      highlight(search_documents, 0, ${MARK_START}, ${MARK_END}) as title_marked,
      snippet(search_documents, 1, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as body_marked
    from search_documents join page on search_documents.rowid = page.id
    where search_documents match ${query.fts5}
    order by page.rank, page.date desc, page.id desc`.execute(db);
  return rows;
}

/**
 * Counted from the words' lists alone: reading each match's publish_at would read every
 * row. The index holds only what was public when it was written (search-index.ts), so it
 * holds nothing published later than now; the page's own rows are still checked.
 */
async function sqliteCount(db: Kysely<Database>, query: StoreQuery): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from search_documents where search_documents match ${query.fts5}`.execute(db);
  return countOf(rows[0]);
}

const HEADLINE_TITLE = `HighlightAll=true, StartSel="${MARK_START}", StopSel="${MARK_END}"`;
const HEADLINE_BODY = `MaxWords=${SNIPPET_WORDS}, MinWords=12, ShortWord=2, StartSel="${MARK_START}", StopSel="${MARK_END}"`;

async function postgresRows(db: Kysely<Database>, query: StoreQuery, window: PageWindow, at: string): Promise<Row[]> {
  // The page is chosen first; ts_headline, the costly part, runs for its ten rows only.
  const { rows } = await sql<Row>`
    with q as (select ${query.tsquery} as query),
    page as (
      select kind, item_id, title, body, url, date, key, ts_rank(document, q.query) as rank
      from search_documents, q
      where document @@ q.query and publish_at <= ${at}
      order by rank desc, date desc, key desc
      limit ${window.limit} offset ${window.offset}
    )
    select kind, item_id, title, url, date,
      ts_headline('english', title, q.query, ${HEADLINE_TITLE}) as title_marked,
      case when body = '' then '' else ts_headline('english', body, q.query, ${HEADLINE_BODY}) end as body_marked
    from page, q
    order by rank desc, date desc, key desc`.execute(db);
  return rows;
}

async function postgresCount(db: Kysely<Database>, query: StoreQuery, at: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from search_documents
    where document @@ ${query.tsquery} and publish_at <= ${at}`.execute(db);
  return countOf(rows[0]);
}

type PageWindow = { limit: number; offset: number };
