import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect";
import type { Database } from "../schema";
import { fillSearchIndex } from "../search-fill";

/**
 * Search across everything public:
 * - `search_documents`: one row per public news item, event, album and gallery photo, its
 *   title and text as plain text, kept up to date by every write (search-index.ts). Its key
 *   is the item's id and kind in one number (search-documents.ts). SQLite keeps it in FTS5 with
 *   the porter stemmer; PostgreSQL as a weighted `english` tsvector under a GIN index.
 *   Both stem English the same way, so 'helmet' finds 'helmets' on either.
 * - `search_words`: every word of those texts once, lower case, with the spelling first
 *   seen, for 'Did you mean …?': trigrams find the close ones (FTS5's trigram tokenizer on
 *   SQLite, pg_trgm on PostgreSQL).
 * The migration indexes what is there already, as the writes would have (search-fill.ts).
 */
export function searchMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === "postgres") {
        // Trusted since PostgreSQL 13: the database's owner may create it.
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`
          create table search_documents (
            key bigint primary key,
            kind text not null,
            item_id integer not null,
            title text not null,
            body text not null,
            url text not null,
            date text not null,
            publish_at text not null,
            document tsvector generated always as (
              setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
            ) stored
          )`.execute(db);
        await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);
        await sql`create table search_words (word text primary key, spelling text not null)`.execute(db);
        await sql`create index search_words_trigrams on search_words using gin (word gin_trgm_ops)`.execute(db);
      } else {
        await sql`
          create virtual table search_documents using fts5(
            title, body, kind unindexed, item_id unindexed, url unindexed, date unindexed, publish_at unindexed,
            tokenize = 'porter unicode61'
          )`.execute(db);
        // A deleted row's words leave the index's pages too, not only its list (the store runs
        // with secure_delete, ops/open-store.ts): a caption taken down is gone from the file.
        await sql`insert into search_documents (search_documents, rank) values ('secure-delete', 1)`.execute(db);
        await sql`create table search_words (word text primary key, spelling text not null)`.execute(db);
        await sql`create virtual table search_word_trigrams using fts5(word, tokenize = 'trigram')`.execute(db);
      }
      // What a site already holds is found at once; what is scheduled joins when it is announced.
      await fillSearchIndex(db as Kysely<Database>, new Date());
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) !== "postgres") await sql`drop table search_word_trigrams`.execute(db);
      await sql`drop table search_words`.execute(db);
      await sql`drop table search_documents`.execute(db);
    },
  };
}
