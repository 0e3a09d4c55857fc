import type { Hono } from "hono";
import { getGalleryItem, storedImageId } from "../../store/gallery";
import { imageUses } from "../../store/takedown";
import { requireAdmin } from "../lib/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { parseId } from "../lib/validation";

/**
 * GET /api/admin/gallery/{id}/uses (docs/product.md, 'Takedown'): the news items, events
 * and other gallery images that show the same stored image and lose it when this one is
 * deleted, so the confirmation can name them. At most IMAGE_USES_LIMIT of each kind.
 */
export function addGalleryUsesRoute(app: Hono<ApiEnv>, deps: ApiDeps, notFoundMessage: string): void {
  const { db } = deps.store;
  app.get("/admin/gallery/:id/uses", requireAdmin(deps), async (c) => {
    const id = parseId(c.req.param("id"));
    const item = await getGalleryItem(db, id);
    if (!item) throw notFound(notFoundMessage);
    const imageId = storedImageId(item.imageUrl);
    return c.json(imageId ? await imageUses(db, imageId, id) : []);
  });
}
