import type { Kysely } from "kysely";
import {
  columnsFor,
  inIdOrder,
  itemFrom,
  readWindow,
  type ColumnMap,
  type FieldChoice,
  type ListWindow,
} from "./listing";
import { deleteRow, rowById, rowsByIds } from "./content-rows";
import { countInScope, inScope, type GalleryScope } from "./gallery-visibility";
import type { Database } from "./schema";
import { dropFromSearch, reindex } from "./search-index";
import { flushDeletedBytes, takeDownImage } from "./takedown";
import { inTransaction } from "./transaction";

export interface GalleryItem {
  id: number;
  imageUrl: string;
  caption: string | null;
  albumId: number | null;
  /** The image's description; null: the caption (or 'Gallery image {n}') stands in for it. */
  altText: string | null;
  /** Who confirmed photo consent for it (their name then) and when; null: not recorded. */
  consentBy: string | null;
  consentAt: string | null;
}

/** Who confirmed photo consent, and when (docs/product.md, 'Photos'). */
export interface ConsentRecord {
  by: string;
  at: Date;
}

/**
 * What a write may set. The SPEC's own calls send only imageUrl and caption: a field left
 * out (undefined) keeps what is stored, null clears it. `consent` records who and when.
 */
export interface GalleryInput {
  imageUrl: string;
  caption: string | null;
  albumId?: number | null;
  altText?: string | null;
  consent?: ConsentRecord | null;
}

export const GALLERY_COLUMNS = {
  id: "id",
  imageUrl: "image_url",
  caption: "caption",
  albumId: "album_id",
  altText: "alt_text",
  consentBy: "consent_by",
  consentAt: "consent_at",
} as const satisfies ColumnMap<GalleryItem>;

const toItem = (row: object) => itemFrom<GalleryItem>(GALLERY_COLUMNS, row);

/** '/objects/images/{id}' → the stored image's id; null for an image on another site. */
export function storedImageId(imageUrl: string): string | null {
  const match = /^\/objects\/images\/([^/?#]+)$/.exec(imageUrl);
  return match ? match[1] : null;
}

/** The next place at the end of an album: one indexed read. */
async function nextPosition(db: Kysely<Database>, albumId: number | null | undefined): Promise<number | null> {
  if (albumId === null || albumId === undefined) return null;
  const row = await db
    .selectFrom("gallery")
    .select("position")
    .where("album_id", "=", albumId)
    .orderBy("position", "desc")
    .limit(1)
    .executeTakeFirst();
  return (row?.position ?? 0) + 1;
}

/** Moving into another album puts the image at its end; leaving one clears its place. */
async function placeIfMoved(db: Kysely<Database>, id: number, albumId: number | null | undefined) {
  if (albumId === undefined) return {};
  const current = await db.selectFrom("gallery").select("album_id").where("id", "=", id).executeTakeFirst();
  if (current && current.album_id === albumId) return {};
  return { album_id: albumId, position: await nextPosition(db, albumId) };
}

/** The columns a write sets: those it names, so an undefined field keeps its value. */
function columnsOf(input: GalleryInput) {
  return {
    image_url: input.imageUrl,
    image_id: storedImageId(input.imageUrl),
    caption: input.caption,
    ...(input.altText !== undefined && { alt_text: input.altText }),
    ...(input.consent !== undefined && {
      consent_by: input.consent?.by ?? null,
      consent_at: input.consent?.at.toISOString() ?? null,
    }),
  };
}

/**
 * Newest first: by creation time, then by id for items added in the same instant; the
 * index matches. `scope` leaves out parents-only albums' images for a visitor.
 */
function inOrder(db: Kysely<Database>, scope: GalleryScope) {
  return inScope(db.selectFrom("gallery"), scope).orderBy("created_at", "desc").orderBy("id", "desc");
}

export function countGallery(db: Kysely<Database>, scope: GalleryScope = "everything"): Promise<number> {
  return countInScope(db, scope);
}

export async function listGallery(
  db: Kysely<Database>,
  window: ListWindow,
  fields: FieldChoice<GalleryItem> = null,
  scope: GalleryScope = "everything",
): Promise<GalleryItem[]> {
  return readWindow(
    () => inOrder(db, scope).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => rowsByIds(db, "gallery", ids, toItem, columnsFor(GALLERY_COLUMNS, fields)),
  );
}

/** Every id, in order: the spine of a whole-list answer (see listing.ts). */
export async function galleryIds(db: Kysely<Database>, scope: GalleryScope = "everything"): Promise<number[]> {
  return (await inOrder(db, scope).select("id").execute()).map((row) => row.id);
}

export function galleryByIds(db: Kysely<Database>, ids: number[]): Promise<GalleryItem[]> {
  return rowsByIds(db, "gallery", ids, toItem);
}

export function getGalleryItem(db: Kysely<Database>, id: number): Promise<GalleryItem | null> {
  return rowById(db, "gallery", id, toItem);
}

export async function createGalleryItem(db: Kysely<Database>, input: GalleryInput, now: Date): Promise<GalleryItem> {
  const stamp = now.toISOString();
  const albumId = input.albumId ?? null;
  const row = await db
    .insertInto("gallery")
    .values({
      ...columnsOf(input),
      album_id: albumId,
      position: await nextPosition(db, albumId),
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await reindex(db, "image", [row.id], now);
  return toItem(row);
}

export async function updateGalleryItem(
  db: Kysely<Database>,
  id: number,
  input: GalleryInput,
  now: Date,
): Promise<GalleryItem | null> {
  const moved = await placeIfMoved(db, id, input.albumId);
  const row = await db
    .updateTable("gallery")
    .set({ ...columnsOf(input), ...moved, updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await reindex(db, "image", [row.id], now);
  return toItem(row);
}

/** What one save of many images changes of each (undefined keeps, null clears). */
export interface GalleryChange {
  id: number;
  caption?: string | null;
  altText?: string | null;
  /** A confirmation is written whenever it is given (who and when is new each time). */
  consent?: ConsentRecord | null;
}

/**
 * Saves changes to many images together, in one transaction (docs/product.md, 'Photos': the
 * captions screen and the follow-up screens). An image whose caption and description
 * are already as given, with no consent in the change, is left as it is; one deleted
 * meanwhile is skipped. The images changed, as they are now, in the order given.
 */
export async function updateGalleryItems(
  db: Kysely<Database>,
  changes: readonly GalleryChange[],
  now: Date,
): Promise<GalleryItem[]> {
  if (changes.length === 0) return [];
  const changed = await inTransaction(db, async (trx) => {
    const stored = new Map(
      (
        await trx
          .selectFrom("gallery")
          .select(["id", "caption", "alt_text"])
          .where(
            "id",
            "in",
            changes.map((change) => change.id),
          )
          .execute()
      ).map((row) => [row.id, row]),
    );
    const ids: number[] = [];
    for (const { id, caption, altText, consent } of changes) {
      const row = stored.get(id);
      if (!row) continue;
      const set = {
        ...(caption !== undefined && caption !== row.caption && { caption }),
        ...(altText !== undefined && altText !== row.alt_text && { alt_text: altText }),
        ...(consent !== undefined && {
          consent_by: consent?.by ?? null,
          consent_at: consent?.at.toISOString() ?? null,
        }),
      };
      if (Object.keys(set).length === 0) continue;
      await trx
        .updateTable("gallery")
        .set({ ...set, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
      ids.push(id);
    }
    await reindex(trx, "image", ids, now);
    return ids;
  });
  return changed.length === 0 ? [] : inIdOrder(changed, await galleryByIds(db, changed));
}

/**
 * Deletes a gallery image and, when it is one of ours, takes its stored image down in the
 * same transaction (takedown.ts): the original, every variant, and the news items, events
 * and other gallery rows that show it. Everyone deleting gallery rows calls this. Inside a
 * caller's transaction the SQLite log is left for the caller to flush once it commits.
 */
export async function deleteGalleryItem(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("gallery").select("image_id").where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await deleteRow(trx, "gallery", id);
    await dropFromSearch(trx, "image", [id]);
    if (row.image_id) await takeDownImage(trx, row.image_id);
    return true;
  });
  if (deleted && !db.isTransaction) await flushDeletedBytes(db);
  return deleted;
}
