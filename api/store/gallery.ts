import type { Kysely } from "kysely";
import { columnsFor, itemFrom, readWindow, type ColumnMap, type FieldChoice, type ListWindow } from "./listing";
import { countRows, deleteRow, rowById, rowsByIds } from "./content-rows";
import type { Database } from "./schema";

export interface GalleryItem {
  id: number;
  imageUrl: string;
  caption: string | null;
}

export type GalleryInput = Omit<GalleryItem, "id">;

export const GALLERY_COLUMNS = {
  id: "id",
  imageUrl: "image_url",
  caption: "caption",
} as const satisfies ColumnMap<GalleryItem>;

const toItem = (row: object) => itemFrom<GalleryItem>(GALLERY_COLUMNS, row);

/** Newest first: by creation time, then by id for items added in the same instant; the index matches. */
function inOrder(db: Kysely<Database>) {
  return db.selectFrom("gallery").orderBy("created_at", "desc").orderBy("id", "desc");
}

export function countGallery(db: Kysely<Database>): Promise<number> {
  return countRows(db, "gallery");
}

export async function listGallery(
  db: Kysely<Database>,
  window: ListWindow,
  fields: FieldChoice<GalleryItem> = null,
): Promise<GalleryItem[]> {
  return readWindow(
    () => inOrder(db).select("id").limit(window.limit).offset(window.offset).execute(),
    async (ids) =>
      (await db.selectFrom("gallery").select(columnsFor(GALLERY_COLUMNS, fields)).where("id", "in", ids).execute()).map(
        toItem,
      ),
  );
}

/** Every id, in order: the spine of a whole-list answer (see listing.ts). */
export async function galleryIds(db: Kysely<Database>): Promise<number[]> {
  return (await inOrder(db).select("id").execute()).map((row) => row.id);
}

export function galleryByIds(db: Kysely<Database>, ids: number[]): Promise<GalleryItem[]> {
  return rowsByIds(db, "gallery", ids, toItem);
}

export function getGalleryItem(db: Kysely<Database>, id: number): Promise<GalleryItem | null> {
  return rowById(db, "gallery", id, toItem);
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

export function deleteGalleryItem(db: Kysely<Database>, id: number): Promise<boolean> {
  return deleteRow(db, "gallery", id);
}
