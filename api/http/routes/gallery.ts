import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS } from "../../../common/text-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { addItemRoutes } from "../lib/item-routes";
import { optionalText, requiredImageUrl } from "../lib/validation";
import { listQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
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
  type GalleryItem,
} from "../../store/gallery";
import { fieldNames } from "../../store/listing";

const gallerySchema = z.object({
  imageUrl: requiredImageUrl(),
  caption: optionalText(TEXT_LIMITS.caption),
});

const NOT_FOUND = "Gallery image not found";

export function galleryRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/gallery", async (c) => {
    const { window, fields } = listQuery<GalleryItem>(c, fieldNames(GALLERY_COLUMNS));
    return listResponse(c, window, {
      count: () => countGallery(db),
      window: (slice) => listGallery(db, slice, fields),
      ids: () => galleryIds(db),
      byIds: (ids) => galleryByIds(db, ids),
    });
  });

  addItemRoutes(app, deps, {
    name: "gallery",
    schema: gallerySchema,
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.caption ?? item.imageUrl,
    store: { get: getGalleryItem, create: createGalleryItem, update: updateGalleryItem, remove: deleteGalleryItem },
  });

  return app;
}
