import type { Kysely } from "kysely";
import type { AlbumVisibility } from "../../common/albums";
import { deleteGalleryItem } from "./gallery";
import { countOf, type ListWindow } from "./listing";
import type { AlbumsTable, Database } from "./schema";
import { albumImageIds, dropFromSearch, reindex, reindexAlbum } from "./search-index";

/** An album as stored (docs/product.md, 'Photos'). */
export interface Album {
  id: number;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  eventId: number | null;
  /** The chosen cover; null: the album's first image. */
  coverImageId: number | null;
  visibility: AlbumVisibility;
}

/** An album as lists show it: with its cover's address and how many images it holds. */
export interface AlbumCard extends Album {
  coverImageUrl: string | null;
  imageCount: number;
}

export type AlbumInput = Omit<Album, "id">;

/** Which albums a list holds: one event's, and whether parents-only ones are in it. */
export interface AlbumFilter {
  eventId?: number;
  publicOnly: boolean;
  /** Only the albums of this visibility. */
  visibility?: AlbumVisibility;
  /** Only these albums (at most MAX_LISTED_IDS). */
  ids?: number[];
}

/** The most albums one list call names by id. */
export const MAX_LISTED_IDS = 100;

/** How many gallery rows one step of deleting an album's images reads. */
const DELETE_BATCH = 100;

const toAlbum = (
  row: Pick<AlbumsTable, "title" | "date" | "event_id" | "cover_image_id"> & { id: number; visibility: string },
): Album => ({
  id: row.id,
  title: row.title,
  date: row.date,
  eventId: row.event_id,
  coverImageId: row.cover_image_id,
  visibility: row.visibility === "parents" ? "parents" : "public",
});

/** Whether an album with this id exists: a gallery write may only name one that does. */
export async function albumExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("albums").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function getAlbum(db: Kysely<Database>, id: number): Promise<Album | null> {
  const row = await db.selectFrom("albums").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAlbum(row) : null;
}

function filtered(db: Kysely<Database>, filter: AlbumFilter) {
  let query = db.selectFrom("albums");
  if (filter.eventId !== undefined) query = query.where("event_id", "=", filter.eventId);
  if (filter.publicOnly) query = query.where("visibility", "=", "public");
  if (filter.visibility !== undefined) query = query.where("visibility", "=", filter.visibility);
  if (filter.ids !== undefined) query = query.where("id", "in", filter.ids.slice(0, MAX_LISTED_IDS));
  return query;
}

export async function countAlbums(db: Kysely<Database>, filter: AlbumFilter): Promise<number> {
  return countOf(
    await filtered(db, filter)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
  );
}

/** A window of albums, newest date first, then the newest added (the index albums_date). */
export async function listAlbums(db: Kysely<Database>, window: ListWindow, filter: AlbumFilter): Promise<Album[]> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map(toAlbum);
}

/** The albums with their image counts and covers: two grouped reads for the whole window. */
export async function withCards(db: Kysely<Database>, albums: Album[]): Promise<AlbumCard[]> {
  if (albums.length === 0) return [];
  const ids = albums.map((album) => album.id);
  const counts = await db
    .selectFrom("gallery")
    .select(["album_id", (eb) => eb.fn.countAll().as("count")])
    .where("album_id", "in", ids)
    .groupBy("album_id")
    .execute();
  const countOfAlbum = new Map(counts.map((row) => [row.album_id, countOf(row)]));
  const covers = await coverUrls(db, albums);
  return albums.map((album) => ({
    ...album,
    coverImageUrl: covers.get(album.id) ?? null,
    imageCount: countOfAlbum.get(album.id) ?? 0,
  }));
}

/** Each album's chosen cover while it is still in the album, else its first image by place. */
async function coverUrls(db: Kysely<Database>, albums: Album[]): Promise<Map<number, string>> {
  const ids = albums.map((album) => album.id);
  const chosen = albums.flatMap((album) => (album.coverImageId === null ? [] : [album.coverImageId]));
  const chosenRows = chosen.length
    ? await db
        .selectFrom("gallery")
        .select(["id", "album_id", "image_url"])
        .where("id", "in", chosen)
        .where("album_id", "in", ids)
        .execute()
    : [];
  const firstRows = await db
    .selectFrom("gallery as g")
    .select(["g.id", "g.album_id", "g.image_url"])
    .where("g.album_id", "in", ids)
    .where(({ eb, selectFrom }) =>
      eb(
        "g.position",
        "=",
        selectFrom("gallery as first")
          .select((inner) => inner.fn.min("first.position").as("position"))
          .whereRef("first.album_id", "=", "g.album_id"),
      ),
    )
    .orderBy("g.id")
    .execute();
  const urls = new Map<number, string>();
  for (const row of firstRows)
    if (row.album_id !== null && !urls.has(row.album_id)) urls.set(row.album_id, row.image_url);
  for (const album of albums) {
    const cover = chosenRows.find((row) => row.id === album.coverImageId && row.album_id === album.id);
    if (cover) urls.set(album.id, cover.image_url);
  }
  return urls;
}

export async function albumCard(db: Kysely<Database>, id: number): Promise<AlbumCard | null> {
  const album = await getAlbum(db, id);
  return album ? (await withCards(db, [album]))[0] : null;
}

function columnsOf(input: AlbumInput) {
  return {
    title: input.title,
    date: input.date,
    event_id: input.eventId,
    cover_image_id: input.coverImageId,
    visibility: input.visibility,
  };
}

export async function createAlbum(db: Kysely<Database>, input: AlbumInput, now: Date): Promise<Album> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("albums")
    .values({ ...columnsOf(input), created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
  await reindexAlbum(db, row.id, now, false);
  return toAlbum(row);
}

export async function updateAlbum(
  db: Kysely<Database>,
  id: number,
  input: AlbumInput,
  now: Date,
): Promise<Album | null> {
  const before = await db.selectFrom("albums").select("visibility").where("id", "=", id).executeTakeFirst();
  const row = await db
    .updateTable("albums")
    .set({ ...columnsOf(input), updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  // Search: made parents-only, its photos leave the search; made public, they join it.
  await reindexAlbum(db, row.id, now, before?.visibility !== row.visibility);
  return toAlbum(row);
}

/**
 * Deletes an album. Its images either stay in the gallery without an album, or go too,
 * each through deleteGalleryItem (which removes its stored bytes), a batch at a time.
 */
export async function deleteAlbum(
  db: Kysely<Database>,
  id: number,
  images: "keep" | "delete",
  now: Date,
): Promise<boolean> {
  if (images === "keep") {
    const kept = await albumImageIds(db, id);
    await db.updateTable("gallery").set({ album_id: null, position: null }).where("album_id", "=", id).execute();
    // Out of the album they are the gallery's, public even if the album was not, and open from /gallery.
    await reindex(db, "image", kept, now);
  } else {
    for (;;) {
      const batch = await db
        .selectFrom("gallery")
        .select("id")
        .where("album_id", "=", id)
        .limit(DELETE_BATCH)
        .execute();
      if (batch.length === 0) break;
      for (const row of batch) await deleteGalleryItem(db, row.id);
    }
  }
  const result = await db.deleteFrom("albums").where("id", "=", id).executeTakeFirst();
  await dropFromSearch(db, "album", [id]);
  return Number(result.numDeletedRows) > 0;
}
