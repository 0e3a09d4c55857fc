import { sql, type Kysely } from "kysely";
import { dialectOf } from "./dialect";
import type { Database } from "./schema";
import { dropFromSearch } from "./search-index";

/**
 * Takedown (docs/product.md, 'Photos'): a stored image leaves the store whole, with its
 * original, every variant and every place that shows it, so a parent's withdrawal of
 * consent is acted on everywhere at once.
 */

/** Where a stored image is served: what news, events and gallery rows keep in image_url. */
export const imagePath = (imageId: string) => `/objects/images/${imageId}`;

/** Another item showing the same stored image: it loses the image with the takedown. */
export interface ImageUse {
  type: "news" | "event" | "gallery";
  id: number;
  title: string;
}

/** Enough to name them in a confirmation; more are summed up by the screen, never read. */
export const IMAGE_USES_LIMIT = 20;

/**
 * The news items, events and other gallery rows showing `imageId`, at most `limit` of
 * each kind, each found by an index (news_image_url, events_image_url, gallery_image).
 */
export async function imageUses(
  db: Kysely<Database>,
  imageId: string,
  exceptGalleryId: number | null,
  limit = IMAGE_USES_LIMIT,
): Promise<ImageUse[]> {
  const path = imagePath(imageId);
  const news = await db
    .selectFrom("news")
    .select(["id", "title"])
    .where("image_url", "=", path)
    .orderBy("id")
    .limit(limit)
    .execute();
  const events = await db
    .selectFrom("events")
    .select(["id", "name"])
    .where("image_url", "=", path)
    .orderBy("id")
    .limit(limit)
    .execute();
  const gallery = await db
    .selectFrom("gallery")
    .select(["id", "caption"])
    .where("image_id", "=", imageId)
    .$if(exceptGalleryId !== null, (q) => q.where("id", "!=", exceptGalleryId ?? 0))
    .orderBy("id")
    .limit(limit)
    .execute();
  return [
    ...news.map((row) => ({ type: "news" as const, id: row.id, title: row.title })),
    ...events.map((row) => ({ type: "event" as const, id: row.id, title: row.name })),
    ...gallery.map((row) => ({
      type: "gallery" as const,
      id: row.id,
      title: row.caption ?? `Gallery image ${row.id}`,
    })),
  ];
}

/**
 * Removes a stored image everywhere, inside the caller's transaction: news items and
 * events showing it keep their text and lose the image (and its description), gallery
 * rows showing it go (a row is nothing without its image), and the original and every
 * variant are deleted. Every statement finds its rows by an index.
 */
export async function takeDownImage(trx: Kysely<Database>, imageId: string): Promise<void> {
  const path = imagePath(imageId);
  await trx.updateTable("news").set({ image_url: null, image_alt: null }).where("image_url", "=", path).execute();
  await trx.updateTable("events").set({ image_url: null, image_alt: null }).where("image_url", "=", path).execute();
  const shown = await trx.deleteFrom("gallery").where("image_id", "=", imageId).returning("id").execute();
  await dropFromSearch(
    trx,
    "image",
    shown.map((row) => row.id),
  );
  await trx.deleteFrom("image_variants").where("image_id", "=", imageId).execute();
  await trx.deleteFrom("images").where("id", "=", imageId).execute();
}

/**
 * SQLite only: the store runs with secure_delete (ops/open-store.ts), so a deleted
 * image's pages are zeroed; a checkpoint that truncates the write-ahead log writes the
 * zeros into the database file at once and drops the log's older copies of those pages.
 * Outside any transaction; PostgreSQL has nothing to do (its dead rows are not readable
 * and its dumps never hold them).
 */
export async function flushDeletedBytes(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
