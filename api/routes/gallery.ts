import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { LIMITS, optionalText, parseId, readJson, requiredImageUrl, validate } from "../lib/validation";
import {
  createGalleryItem,
  deleteGalleryItem,
  listGallery,
  updateGalleryItem,
  type GalleryInput,
} from "../store/gallery";

const gallerySchema = z.object({
  imageUrl: requiredImageUrl(),
  caption: optionalText(LIMITS.caption),
});

export function galleryRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
  const app = new Hono<ApiEnv>();

  app.get("/gallery", async (c) => c.json(await listGallery(db)));

  app.post("/admin/gallery", admin, jsonLimit, async (c) => {
    const input: GalleryInput = validate(gallerySchema, await readJson(c));
    return c.json(await createGalleryItem(db, input, deps.now()), 201);
  });

  app.put("/admin/gallery/:id", admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input: GalleryInput = validate(gallerySchema, await readJson(c));
    const item = await updateGalleryItem(db, id, input, deps.now());
    if (!item) throw notFound("Gallery image not found");
    return c.json(item);
  });

  app.delete("/admin/gallery/:id", admin, async (c) => {
    if (!(await deleteGalleryItem(db, parseId(c.req.param("id"))))) throw notFound("Gallery image not found");
    return c.json({ ok: true });
  });

  return app;
}
