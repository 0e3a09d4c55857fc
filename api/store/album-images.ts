import { sql, type Kysely } from "kysely";
import { countOf, type ListWindow } from "./listing";
import type { Database } from "./schema";

/** An album's images (docs/product.md, 'Photos'): read in their order, a page at a time, and reordered. */

export interface AlbumImage {
  id: number;
  imageUrl: string;
  caption: string | null;
  altText: string | null;
}

export async function countAlbumImages(db: Kysely<Database>, albumId: number): Promise<number> {
  return countOf(
    await db
      .selectFrom("gallery")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("album_id", "=", albumId)
      .executeTakeFirst(),
  );
}

/** A window of an album's images in their order (the index gallery_album_position). */
export async function albumImages(db: Kysely<Database>, albumId: number, window: ListWindow): Promise<AlbumImage[]> {
  const rows = await db
    .selectFrom("gallery")
    .select(["id", "image_url", "caption", "alt_text"])
    .where("album_id", "=", albumId)
    .orderBy("position")
    .orderBy("id")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({ id: row.id, imageUrl: row.image_url, caption: row.caption, altText: row.alt_text }));
}

/** The id of the album's image at one place in its order (0 is the first), or null past the end. */
export async function albumImageIdAt(db: Kysely<Database>, albumId: number, place: number): Promise<number | null> {
  const row = await db
    .selectFrom("gallery")
    .select("id")
    .where("album_id", "=", albumId)
    .orderBy("position")
    .orderBy("id")
    .limit(1)
    .offset(place)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether `imageId` is an image of the album (a cover must be). */
export async function isAlbumImage(db: Kysely<Database>, albumId: number, imageId: number): Promise<boolean> {
  const row = await db
    .selectFrom("gallery")
    .select("id")
    .where("id", "=", imageId)
    .where("album_id", "=", albumId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The most images one reordering may name: an album of a few thousand images, in one call. */
export const MAX_ORDERED = 5000;
const ORDER_CHUNK = 500;

/**
 * Puts the named images of an album in the order given: they take, in that order, the
 * places they hold now. The whole album's ids reorder all of it; two ids swap two
 * neighbours (the admin's up and down). False when an id is not an image of the album.
 */
export async function orderAlbumImages(db: Kysely<Database>, albumId: number, imageIds: number[]): Promise<boolean> {
  const rows: Array<{ id: number; position: number | null }> = [];
  for (let start = 0; start < imageIds.length; start += ORDER_CHUNK) {
    const chunk = imageIds.slice(start, start + ORDER_CHUNK);
    rows.push(
      ...(await db
        .selectFrom("gallery")
        .select(["id", "position"])
        .where("album_id", "=", albumId)
        .where("id", "in", chunk)
        .execute()),
    );
  }
  if (rows.length !== imageIds.length) return false;
  const places = rows.map((row) => row.position ?? 0).sort((a, b) => a - b);
  const current = new Map(rows.map((row) => [row.id, row.position ?? 0]));
  const moves = imageIds
    .map((id, index) => ({ id, position: places[index] }))
    .filter(({ id, position }) => current.get(id) !== position);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < moves.length; start += ORDER_CHUNK) {
      const chunk = moves.slice(start, start + ORDER_CHUNK);
      const cases = sql.join(
        chunk.map(({ id, position }) => sql`when ${id} then cast(${position} as integer)`),
        sql` `,
      );
      await trx
        .updateTable("gallery")
        .set({ position: sql<number>`case id ${cases} end` })
        .where(
          "id",
          "in",
          chunk.map((move) => move.id),
        )
        .execute();
    }
  });
  return true;
}
