import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { LIMITS, optionalText, parseId, readJson, requiredImageUrl, validate } from "../lib/validation";
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
  type GalleryInput,
  type GalleryItem,
} from "../../store/gallery";
import { fieldNames } from "../../store/listing";

const gallerySchema = z.object({
  imageUrl: requiredImageUrl(),
  caption: optionalText(LIMITS.caption),
});

const NOT_FOUND = "Gallery image not found";

export function galleryRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
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

  app.get("/gallery/:id", async (c) => {
    const image = await getGalleryItem(db, parseId(c.req.param("id")));
    if (!image) throw notFound(NOT_FOUND);
    return c.json(image);
  });

  app.post("/admin/gallery", admin, jsonLimit, async (c) => {
    const input: GalleryInput = validate(gallerySchema, await readJson(c));
    return c.json(await createGalleryItem(db, input, deps.now()), 201);
  });

  app.put("/admin/gallery/:id", admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input: GalleryInput = validate(gallerySchema, await readJson(c));
    const item = await updateGalleryItem(db, id, input, deps.now());
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item);
  });

  app.delete("/admin/gallery/:id", admin, async (c) => {
    if (!(await deleteGalleryItem(db, parseId(c.req.param("id"))))) throw notFound(NOT_FOUND);
    return c.json({ ok: true });
  });

  return app;
}
