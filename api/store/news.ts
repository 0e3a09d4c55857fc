import type { Kysely } from "kysely";
import { columnsFor, itemFrom, readWindow, type ColumnMap, type FieldChoice, type ListWindow } from "./listing";
import { deleteRow, rowById, rowsByIds } from "./content-rows";
import { countOf } from "./listing";
import {
  nextVersion,
  publishColumns,
  seenBy,
  withPublishing,
  type SaveChange,
  type Publishing,
  type Visibility,
} from "./publishing";
import type { Database } from "./schema";
import { dropFromSearch, reindex } from "./search-index";

export interface NewsItem {
  id: number;
  title: string;
  content: string;
  publishedAt: string;
  imageUrl: string | null;
  /** The image's description (docs/product.md, 'Photos'); null: the image is decorative. */
  imageAlt: string | null;
  /** When it was created and last edited (ISO, UTC): feeds and sitemaps tell changes by them. */
  createdAt: string;
  updatedAt: string;
}

export interface NewsInput {
  title: string;
  content: string;
  publishedAt: string;
  imageUrl: string | null;
  /** Left out (undefined): an update keeps the stored description; null clears it. */
  imageAlt?: string | null;
}

export const NEWS_COLUMNS = {
  id: "id",
  title: "title",
  content: "content",
  publishedAt: "published_at",
  imageUrl: "image_url",
  imageAlt: "image_alt",
  createdAt: "created_at",
  updatedAt: "updated_at",
} as const satisfies ColumnMap<NewsItem>;

/** A news item as the admin's answers give it (docs/product.md, 'Publishing'). */
export type AdminNewsItem = NewsItem & Publishing;

const toItem = (row: object) => itemFrom<NewsItem>(NEWS_COLUMNS, row);
const toAdminItem = (now: Date) => withPublishing(toItem, now);

/** Newest first (docs/architecture.md, 'The /api (api/)'), then by id for items published the same day; the index matches. */
function inOrder(db: Kysely<Database>, seen: Visibility) {
  return db.selectFrom("news").where(seenBy(seen)).orderBy("published_at", "desc").orderBy("id", "desc");
}

export async function countNews(db: Kysely<Database>, seen: Visibility): Promise<number> {
  return countOf(
    await db
      .selectFrom("news")
      .where(seenBy(seen))
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
  );
}

/** One window of the list, with only the fields asked for (a partial item when `fields` is set). */
export async function listNews(
  db: Kysely<Database>,
  window: ListWindow,
  seen: Visibility,
  fields: FieldChoice<NewsItem> = null,
): Promise<NewsItem[]> {
  return readWindow(
    () => inOrder(db, seen).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => rowsByIds(db, "news", ids, toItem, columnsFor(NEWS_COLUMNS, fields)),
  );
}

/** Every id, in the list's order: the spine of a whole-list answer (see listing.ts). */
export async function newsIds(db: Kysely<Database>, seen: Visibility): Promise<number[]> {
  return (await inOrder(db, seen).select("id").execute()).map((row) => row.id);
}

export function newsByIds(db: Kysely<Database>, ids: number[]): Promise<NewsItem[]> {
  return rowsByIds(db, "news", ids, toItem);
}

export function getNews(db: Kysely<Database>, id: number): Promise<NewsItem | null> {
  return rowById(db, "news", id, toItem);
}

/** The admin's window of the list, every state or one: each item with its state and version. */
export async function listAdminNews(
  db: Kysely<Database>,
  window: ListWindow,
  seen: Visibility,
): Promise<AdminNewsItem[]> {
  return readWindow(
    () => inOrder(db, seen).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => adminNewsByIds(db, ids, seen.now),
  );
}

export function adminNewsByIds(db: Kysely<Database>, ids: number[], now: Date): Promise<AdminNewsItem[]> {
  return rowsByIds(db, "news", ids, toAdminItem(now));
}

export function getAdminNews(db: Kysely<Database>, id: number, now: Date): Promise<AdminNewsItem | null> {
  return rowById(db, "news", id, toAdminItem(now));
}

/** A new item; `publishAt` null: a draft (docs/product.md, 'Publishing'). */
export async function createNews(
  db: Kysely<Database>,
  input: NewsInput,
  now: Date,
  publishAt: string | null = now.toISOString(),
): Promise<NewsItem> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("news")
    .values({
      title: input.title,
      content: input.content,
      published_at: input.publishedAt,
      image_url: input.imageUrl,
      image_alt: input.imageAlt ?? null,
      created_at: stamp,
      updated_at: stamp,
      ...publishColumns(publishAt, now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await reindex(db, "news", [row.id], now);
  return toItem(row);
}

/** The item saved, or null: no such item, or (with `expectedVersion`) a newer version is there. */
export async function updateNews(
  db: Kysely<Database>,
  id: number,
  input: NewsInput,
  now: Date,
  change: SaveChange = {},
): Promise<NewsItem | null> {
  const row = await db
    .updateTable("news")
    .set({
      title: input.title,
      content: input.content,
      published_at: input.publishedAt,
      image_url: input.imageUrl,
      ...(input.imageAlt !== undefined && { image_alt: input.imageAlt }),
      updated_at: now.toISOString(),
      version: nextVersion,
      ...(change.publishAt !== undefined && publishColumns(change.publishAt, now)),
    })
    .where("id", "=", id)
    .$if(change.expectedVersion !== undefined, (query) => query.where("version", "=", change.expectedVersion ?? 0))
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await reindex(db, "news", [row.id], now);
  return toItem(row);
}

export async function deleteNews(db: Kysely<Database>, id: number): Promise<boolean> {
  await dropFromSearch(db, "news", [id]);
  return deleteRow(db, "news", id);
}
