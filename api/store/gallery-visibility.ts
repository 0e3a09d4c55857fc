import type { Kysely, SelectQueryBuilder } from "kysely";
import type { AlbumVisibility } from "../../common/albums";
import { countOf } from "./listing";
import type { Database } from "./schema";

/**
 * Which gallery images a read may return (docs/product.md, 'Photos'): everything, or only the
 * public ones, leaving out every image of a parents-only album. The filter is part of
 * the query (a subquery the albums_visibility index answers), so a list still pages and
 * a count is still one COUNT.
 */
export type GalleryScope = "everything" | "public";

const PARENTS_VISIBILITY: AlbumVisibility = "parents";

export function inScope<O>(
  query: SelectQueryBuilder<Database, "gallery", O>,
  scope: GalleryScope,
): SelectQueryBuilder<Database, "gallery", O> {
  if (scope === "everything") return query;
  return query.where((eb) =>
    eb.or([
      eb("gallery.album_id", "is", null),
      eb(
        "gallery.album_id",
        "not in",
        eb.selectFrom("albums").select("albums.id").where("albums.visibility", "=", PARENTS_VISIBILITY),
      ),
    ]),
  );
}

/** How many images the scope holds: one COUNT. */
export async function countInScope(db: Kysely<Database>, scope: GalleryScope): Promise<number> {
  const query = inScope(db.selectFrom("gallery"), scope);
  return countOf(await query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst());
}

/** Whether the album is parents-only (an unknown album is not). */
export async function isParentsOnlyAlbum(db: Kysely<Database>, albumId: number | null): Promise<boolean> {
  if (albumId === null) return false;
  const row = await db
    .selectFrom("albums")
    .select("id")
    .where("id", "=", albumId)
    .where("visibility", "=", PARENTS_VISIBILITY)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a stored image is shown in a parents-only album: one read by the gallery_image index. */
export async function isParentsOnlyImage(db: Kysely<Database>, imageId: string): Promise<boolean> {
  const row = await db
    .selectFrom("gallery")
    .innerJoin("albums", "albums.id", "gallery.album_id")
    .select("gallery.id")
    .where("gallery.image_id", "=", imageId)
    .where("albums.visibility", "=", PARENTS_VISIBILITY)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
