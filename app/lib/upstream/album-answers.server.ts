import { z } from "zod";
import { ALBUM_VISIBILITIES } from "../../../common/albums";
import { readCount, readSlice, type ListSlice, type Send } from "./lists.server";
import { UpstreamError } from "./client.server";

/**
 * The shapes the /api's album calls answer with (docs/product.md, 'Photos'), and reading them.
 * An upstream without albums (one that speaks docs/product.md, 'The calls it makes' alone) answers 404: it
 * simply has none.
 */
const id = z.union([z.number(), z.string()]).transform(String);
const eventId = id.nullish().transform((value) => value ?? null);
const visibility = z.enum(ALBUM_VISIBILITIES).catch("public");

export const albumCardSchema = z.object({
  id,
  title: z.string(),
  date: z.string(),
  eventId,
  coverImageUrl: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  imageCount: z.number(),
  visibility,
  /** A parents-only album this caller may not open yet (asked for with `locked=include`). */
  locked: z
    .boolean()
    .optional()
    .transform((value) => value ?? false),
});
export type AlbumCard = z.infer<typeof albumCardSchema>;
const albumListSchema = z.array(albumCardSchema);

export const albumImageSchema = z.object({
  id,
  imageUrl: z.string(),
  caption: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  altText: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});
export type AlbumImage = z.infer<typeof albumImageSchema>;

/** One page of an album; a locked one (parents only) has its title and date alone. */
export const albumPageSchema = z.object({
  album: albumCardSchema
    .extend({ coverImageId: id.nullish().transform((value) => value ?? null) })
    .partial({ coverImageUrl: true, imageCount: true, coverImageId: true }),
  images: z.array(albumImageSchema),
  page: z.number(),
  pages: z.number(),
  /** The images just before and after this page, round the album's ends; null for one page. */
  neighbours: z
    .object({ before: id.nullable(), after: id.nullable() })
    .optional()
    .transform((value) => value ?? { before: null, after: null }),
  locked: z.boolean().optional(),
});
export type AlbumPage = z.infer<typeof albumPageSchema>;

const noAlbums = (error: unknown) => {
  if (error instanceof UpstreamError && error.status === 404) return { items: [], total: 0 };
  throw error;
};

/**
 * Albums newest first; with `eventId`, only that event's; with `locked`, the parents-only
 * albums the caller may not open yet too, as locked cards (docs/product.md, 'Parents-only albums').
 */
export function albumWindow(
  send: Send,
  limit: number,
  offset: number,
  { eventId, locked = false }: { eventId?: string; locked?: boolean } = {},
): Promise<ListSlice<AlbumCard>> {
  const params = {
    ...(eventId === undefined ? {} : { eventId }),
    ...(locked ? { locked: "include" } : {}),
  };
  return readSlice(send, { path: "/api/albums", schema: albumListSchema, limit, offset, params }).catch(noAlbums);
}

/**
 * Which of `albumIds` (the albums of the photos a page shows, at most a page's worth) are
 * parents-only albums the caller may see, so the page can mark their photos (docs/product.md,
 * 'Parents-only albums'): one read of those albums alone, whatever number the site has.
 */
export async function parentsAlbumIds(send: Send, albumIds: readonly string[]): Promise<Set<string>> {
  if (albumIds.length === 0) return new Set();
  const params = { visibility: "parents", ids: albumIds.join(".") };
  const { items } = await readSlice(send, {
    path: "/api/albums",
    schema: albumListSchema,
    limit: albumIds.length,
    offset: 0,
    params,
  }).catch(noAlbums);
  const asked = new Set(albumIds);
  return new Set(
    items.filter((album) => album.visibility === "parents" && asked.has(album.id)).map((album) => album.id),
  );
}

const looseImageSchema = z.array(
  albumImageSchema.pick({ id: true, imageUrl: true, caption: true }).extend({ albumId: eventId }),
);

/** The newest gallery images that are in no album yet, from a window of the gallery (the admin's 'Add to album'). */
export async function imagesWithoutAlbum(send: Send, limit: number, offset: number) {
  const fields = ["imageUrl", "caption", "albumId"];
  const slice = await readSlice(send, { path: "/api/gallery", schema: looseImageSchema, limit, offset, fields });
  return { items: slice.items.filter((image) => image.albumId === null), total: slice.total };
}

/** How many albums the caller may see (a COUNT at the /api). */
export function countAlbums(send: Send): Promise<number> {
  return readCount(send, "/api/albums").catch((error: unknown) => noAlbums(error).total);
}

/** Page `page` of an album; null when there is no such album or page. */
export async function readAlbumPage(send: Send, albumId: string, page: number): Promise<AlbumPage | null> {
  try {
    const response = await send(`/api/albums/${encodeURIComponent(albumId)}?page=${page}`);
    return albumPageSchema.parse(await response.json());
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}
