import type { Kysely } from "kysely";
import type { Database, GalleryRow } from "./schema";

export interface GalleryItem {
  id: number;
  imageUrl: string;
  caption: string | null;
}

export type GalleryInput = Omit<GalleryItem, "id">;

function toItem(row: GalleryRow): GalleryItem {
  return { id: row.id, imageUrl: row.image_url, caption: row.caption };
}

/** Newest first: by creation time, then by id for items added in the same instant. */
export async function listGallery(db: Kysely<Database>): Promise<GalleryItem[]> {
  const rows = await db.selectFrom("gallery").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toItem);
}

export async function createGalleryItem(db: Kysely<Database>, input: GalleryInput, now: Date): Promise<GalleryItem> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("gallery")
    .values({ image_url: input.imageUrl, caption: input.caption, created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toItem(row);
}

export async function updateGalleryItem(
  db: Kysely<Database>,
  id: number,
  input: GalleryInput,
  now: Date,
): Promise<GalleryItem | null> {
  const row = await db
    .updateTable("gallery")
    .set({ image_url: input.imageUrl, caption: input.caption, updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

export async function deleteGalleryItem(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("gallery").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
