import type { Kysely } from "kysely";
import { randomId } from "./random-id";
import type { Database } from "./schema";

export interface StoredImage {
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
}

/** An image as processed for storing (http/lib/images.ts): the clean original and its WebP variants. */
export interface ImageToStore {
  original: StoredImage;
  variants: readonly StoredImage[];
}

/** Stores an original and its variants in one transaction; returns the new image id. */
export async function saveImage(db: Kysely<Database>, image: ImageToStore, now: Date): Promise<string> {
  const id = randomId();
  await db.transaction().execute((trx) => insertImage(trx, id, image, now));
  return id;
}

/** The rows of one image under `id`; inside a transaction the caller holds (image-replace.ts too). */
export async function insertImage(db: Kysely<Database>, id: string, image: ImageToStore, now: Date): Promise<void> {
  const original = image.original;
  await db
    .insertInto("images")
    .values({
      id,
      content_type: original.contentType,
      width: original.width,
      height: original.height,
      bytes: original.bytes,
      etag: original.etag,
      created_at: now.toISOString(),
    })
    .execute();
  for (const v of image.variants) {
    await db
      .insertInto("image_variants")
      .values({ image_id: id, width: v.width, height: v.height, bytes: v.bytes, etag: v.etag })
      .execute();
  }
}

export async function getOriginal(db: Kysely<Database>, id: string): Promise<StoredImage | null> {
  const row = await db
    .selectFrom("images")
    .select(["content_type", "width", "height", "bytes", "etag"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? { contentType: row.content_type, width: row.width, height: row.height, bytes: row.bytes, etag: row.etag }
    : null;
}

/**
 * The WebP variant for a requested width: the narrowest at least that wide, else the widest.
 * Null when the image does not exist.
 */
export async function getVariant(
  db: Kysely<Database>,
  id: string,
  requestedWidth: number,
): Promise<StoredImage | null> {
  const atLeast = await db
    .selectFrom("image_variants")
    .select(["width", "height", "bytes", "etag"])
    .where("image_id", "=", id)
    .where("width", ">=", requestedWidth)
    .orderBy("width", "asc")
    .limit(1)
    .executeTakeFirst();
  const row =
    atLeast ??
    (await db
      .selectFrom("image_variants")
      .select(["width", "height", "bytes", "etag"])
      .where("image_id", "=", id)
      .orderBy("width", "desc")
      .limit(1)
      .executeTakeFirst());
  return row
    ? { contentType: "image/webp", width: row.width, height: row.height, bytes: row.bytes, etag: row.etag }
    : null;
}
