import { sql, type Kysely } from "kysely";
import type { SearchType } from "../../common/search";
import { dialectOf } from "./dialect";
import { inScope } from "./gallery-visibility";
import { publicAt, seenBy } from "./publishing";
import type { Database } from "./schema";
import {
  albumDocument,
  eventDocument,
  imageDocument,
  newsDocument,
  searchKey,
  type SearchDocument,
} from "./search-documents";
import { rememberWords } from "./search-words";

/**
 * Keeps the search index as the visitors' site is: every write
 * of a news item, event, album or photo calls `reindex` with the ids it touched, which
 * puts the public ones in and takes the rest out (a draft, an item scheduled for later, a
 * parents-only album and its photos, a deleted row). A scheduled item goes in when the
 * publication watch announces it; a search also reads only what is public by then.
 */
const CHUNK = 500;

type Reader = (db: Kysely<Database>, ids: number[], now: Date) => Promise<SearchDocument[]>;

const PUBLIC_READERS: Record<SearchType, Reader> = {
  news: async (db, ids, now) =>
    (
      await db
        .selectFrom("news")
        .select(["id", "title", "content", "published_at", "publish_at"])
        .where("id", "in", ids)
        .where(seenBy(publicAt(now)))
        .execute()
    ).map((row) => newsDocument({ ...row, publish_at: row.publish_at ?? "" })),
  event: async (db, ids, now) =>
    (
      await db
        .selectFrom("events")
        .select(["id", "name", "comment", "location", "organiser", "date", "publish_at"])
        .where("id", "in", ids)
        .where(seenBy(publicAt(now)))
        .execute()
    ).map((row) => eventDocument({ ...row, publish_at: row.publish_at ?? "" })),
  album: async (db, ids) =>
    (
      await db
        .selectFrom("albums")
        .select(["id", "title", "date", "created_at"])
        .where("id", "in", ids)
        .where("visibility", "!=", "parents")
        .execute()
    ).map(albumDocument),
  image: async (db, ids) =>
    (
      await inScope(db.selectFrom("gallery"), "public")
        .select(["gallery.id", "gallery.caption", "gallery.alt_text", "gallery.album_id", "gallery.created_at"])
        .where("gallery.id", "in", ids)
        .execute()
    ).map(imageDocument),
};

/** Puts the public ones of these items in the index and takes the others out. */
export async function reindex(
  db: Kysely<Database>,
  kind: SearchType,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const documents = await PUBLIC_READERS[kind](db, chunk, now);
    const shown = new Set(documents.map((document) => document.itemId));
    await dropFromSearch(
      db,
      kind,
      chunk.filter((id) => !shown.has(id)),
    );
    // By key, and the words of the whole chunk at once in their one order: writers sharing rows wait, not deadlock.
    documents.sort((a, b) => a.itemId - b.itemId);
    for (const document of documents) await keep(db, document);
    await rememberWords(
      db,
      documents.map((document) => [document.title, document.body]),
    );
  }
}

/** Takes these items out of the index (deleted, or no longer public). */
export async function dropFromSearch(db: Kysely<Database>, kind: SearchType, ids: readonly number[]): Promise<void> {
  const key = keyColumn(db);
  for (let start = 0; start < ids.length; start += CHUNK) {
    const keys = ids.slice(start, start + CHUNK).map((id) => searchKey(kind, id));
    if (keys.length === 0) continue;
    await sql`delete from search_documents where ${key} in (${sql.join(keys)})`.execute(db);
  }
}

/** The ids of an album's photos, a chunk at a time by id: bounded reads for albums of any size. */
export async function albumImageIds(db: Kysely<Database>, albumId: number): Promise<number[]> {
  const ids: number[] = [];
  for (;;) {
    const rows = await db
      .selectFrom("gallery")
      .select("id")
      .where("album_id", "=", albumId)
      .where("id", ">", ids.at(-1) ?? 0)
      .orderBy("id")
      .limit(CHUNK)
      .execute();
    ids.push(...rows.map((row) => row.id));
    if (rows.length < CHUNK) return ids;
  }
}

/** An album and its photos, after its title, date or who may see it changed. */
export async function reindexAlbum(db: Kysely<Database>, albumId: number, now: Date, photos: boolean): Promise<void> {
  await reindex(db, "album", [albumId], now);
  if (photos) await reindex(db, "image", await albumImageIds(db, albumId), now);
}

const keyColumn = (db: Kysely<Database>) => sql.raw(dialectOf(db) === "postgres" ? "key" : "rowid");

async function keep(db: Kysely<Database>, document: SearchDocument): Promise<void> {
  const { kind, itemId, title, body, url, date, publishAt } = document;
  const key = searchKey(kind, itemId);
  if (dialectOf(db) === "postgres") {
    await sql`
      insert into search_documents (key, kind, item_id, title, body, url, date, publish_at)
      values (${key}, ${kind}, ${itemId}, ${title}, ${body}, ${url}, ${date}, ${publishAt})
      on conflict (key) do update set title = excluded.title, body = excluded.body, url = excluded.url,
        date = excluded.date, publish_at = excluded.publish_at`.execute(db);
  } else {
    // FTS5 replaces the row with the same rowid.
    await sql`
      insert or replace into search_documents (rowid, title, body, kind, item_id, url, date, publish_at)
      values (${key}, ${title}, ${body}, ${kind}, ${itemId}, ${url}, ${date}, ${publishAt})`.execute(db);
  }
}
