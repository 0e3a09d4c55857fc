import type { Kysely } from "kysely";
import type { Database, NewsRow } from "./schema";

export interface NewsItem {
  id: number;
  title: string;
  content: string;
  publishedAt: string;
  imageUrl: string | null;
  /** When it was created and last edited (ISO, UTC): feeds and sitemaps tell changes by them. */
  createdAt: string;
  updatedAt: string;
}

export interface NewsInput {
  title: string;
  content: string;
  publishedAt: string;
  imageUrl: string | null;
}

function toItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    publishedAt: row.published_at,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listNews(db: Kysely<Database>): Promise<NewsItem[]> {
  const rows = await db.selectFrom("news").selectAll().orderBy("published_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toItem);
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
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

export async function deleteNews(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("news").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
