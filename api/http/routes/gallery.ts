import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS } from "../../../common/text-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { galleryViewer, publicGalleryFields, scopeOf } from "../lib/gallery-access";
import { addItemRoutes } from "../lib/item-routes";
import { addGalleryUsesRoute } from "./gallery-uses";
import { optionalText, requiredImageUrl } from "../lib/validation";
import { listQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import { albumExists } from "../../store/albums";
import { isParentsOnlyAlbum } from "../../store/gallery-visibility";
import {
  countGallery,
  createGalleryItem,
  deleteGalleryItem,
  GALLERY_COLUMNS,
  galleryByIds,
  galleryIds,
  getGalleryItem,
  listGallery,
  updateGalleryItem,
  type GalleryInput,
  type GalleryItem,
} from "../../store/gallery";
import { fieldNames } from "../../store/listing";
import type { TokenUser } from "../../store/tokens";
import type { Kysely } from "kysely";
import type { Database } from "../../store/schema";

/** The body docs/product.md, 'The calls it makes' gives, with the optional album, description and consent of 'Photos'. */
const gallerySchema = z.object({
  imageUrl: requiredImageUrl(),
  caption: optionalText(TEXT_LIMITS.caption),
  albumId: z.number({ error: "must be an album id" }).int().positive().nullable().optional(),
  altText: optionalText(TEXT_LIMITS.altText).optional(),
  consent: z.boolean({ error: "must be true or false" }).optional(),
});
type GalleryBody = z.output<typeof gallerySchema>;

export const NOT_FOUND = "Gallery image not found";

/** The body as the store takes it: an album that exists, and consent as who and when. */
async function storeInput(db: Kysely<Database>, body: GalleryBody, now: Date, by: TokenUser): Promise<GalleryInput> {
  const { consent, ...rest } = body;
  if (typeof body.albumId === "number" && !(await albumExists(db, body.albumId))) {
    throw new ApiError(400, "albumId: no such album", { field: "albumId" });
  }
  return {
    ...rest,
    // Only a confirmation is recorded; false takes a recorded one back.
    ...(consent !== undefined && { consent: consent ? { by: by.name || by.username, at: now } : null }),
  };
}

export function galleryRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/gallery", async (c) => {
    const { window, fields } = listQuery<GalleryItem>(c, fieldNames(GALLERY_COLUMNS));
    const viewer = await galleryViewer(deps, c);
    const scope = scopeOf(viewer);
    const shown = (items: GalleryItem[]) => (viewer.committee ? items : items.map(publicGalleryFields));
    return listResponse(c, window, {
      count: () => countGallery(db, scope),
      window: async (slice) => shown(await listGallery(db, slice, fields, scope)),
      ids: () => galleryIds(db, scope),
      byIds: async (ids) => shown(await galleryByIds(db, ids)),
    });
  });

  addGalleryUsesRoute(app, deps, NOT_FOUND);
  addItemRoutes(app, deps, {
    name: "gallery",
    schema: gallerySchema,
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.caption ?? item.imageUrl,
    shownTo: async (c, item) => {
      const viewer = await galleryViewer(deps, c);
      if (viewer.committee) return item;
      // A parents-only album's image is not there for a visitor without the passphrase.
      if (!viewer.parents && (await isParentsOnlyAlbum(db, item.albumId))) return null;
      return publicGalleryFields(item);
    },
    store: {
      get: getGalleryItem,
      create: async (db, body, now, by) => createGalleryItem(db, await storeInput(db, body, now, by), now),
      update: async (db, id, body, now, by) => updateGalleryItem(db, id, await storeInput(db, body, now, by), now),
      remove: deleteGalleryItem,
    },
  });

  return app;
}
