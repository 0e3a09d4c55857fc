import type { Kysely } from "kysely";
import { columnsFor, itemFrom, readWindow, type ColumnMap, type FieldChoice, type ListWindow } from "./listing";
import { countRows, deleteRow, rowById, rowsByIds } from "./content-rows";
import type { Database } from "./schema";

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

const toItem = (row: object) => itemFrom<NewsItem>(NEWS_COLUMNS, row);

/** Newest first (docs/architecture.md, 'The /api (api/)'), then by id for items published the same day; the index matches. */
function inOrder(db: Kysely<Database>) {
  return db.selectFrom("news").orderBy("published_at", "desc").orderBy("id", "desc");
}

export function countNews(db: Kysely<Database>): Promise<number> {
  return countRows(db, "news");
}

/** One window of the list, with only the fields asked for (a partial item when `fields` is set). */
export async function listNews(
  db: Kysely<Database>,
  window: ListWindow,
  fields: FieldChoice<NewsItem> = null,
): Promise<NewsItem[]> {
  return readWindow(
    () => inOrder(db).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => rowsByIds(db, "news", ids, toItem, columnsFor(NEWS_COLUMNS, fields)),
  );
}

/** Every id, in the list's order: the spine of a whole-list answer (see listing.ts). */
export async function newsIds(db: Kysely<Database>): Promise<number[]> {
  return (await inOrder(db).select("id").execute()).map((row) => row.id);
}

export function newsByIds(db: Kysely<Database>, ids: number[]): Promise<NewsItem[]> {
  return rowsByIds(db, "news", ids, toItem);
}

export function getNews(db: Kysely<Database>, id: number): Promise<NewsItem | null> {
  return rowById(db, "news", id, toItem);
}

export async function createNews(db: Kysely<Database>, input: NewsInput, now: Date): Promise<NewsItem> {
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toItem(row);
}

export async function updateNews(
  db: Kysely<Database>,
  id: number,
  input: NewsInput,
  now: Date,
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
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

export function deleteNews(db: Kysely<Database>, id: number): Promise<boolean> {
  return deleteRow(db, "news", id);
}
