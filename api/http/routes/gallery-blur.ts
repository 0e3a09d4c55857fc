import { Hono } from "hono";
import { z } from "zod";
import { MAX_BLUR_REGIONS, type BlurRegion } from "../../../common/blur-regions";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { blurFaces } from "../lib/face-blur";
import { parseId, readJson, validate } from "../lib/validation";
import { getGalleryItem, storedImageId } from "../../store/gallery";
import { replaceImage } from "../../store/image-replace";
import { getOriginal } from "../../store/images";
import { NOT_FOUND } from "./gallery";

const coordinate = (least: number, words: string) =>
  z.number({ error: "must be a whole number" }).int("must be a whole number").min(least, words);

/** docs/product.md, "Blurring faces": the rectangles over faces, in the stored original's pixels. */
const blurSchema = z.object({
  regions: z
    .array(
      z.object({
        x: coordinate(0, "must be 0 or more"),
        y: coordinate(0, "must be 0 or more"),
        width: coordinate(1, "must be 1 or more"),
        height: coordinate(1, "must be 1 or more"),
      }),
      { error: "must be a list of regions" },
    )
    .min(1, "must name at least one region")
    .max(MAX_BLUR_REGIONS, `must name at most ${MAX_BLUR_REGIONS} regions`),
});

export const NOT_OURS = "Only an image uploaded to this site can have faces blurred here; this one is on another site.";
export const CHANGED_MEANWHILE = "The image changed while its faces were being blurred. Please try again.";

/**
 * 400 naming the first region that reaches outside the image, or the regions together
 * when they cover more than the image once over: each region is a pass over its
 * pixels, so this bounds one blur's work by the image's size.
 */
function checkInside(regions: readonly BlurRegion[], width: number, height: number): void {
  const outside = regions.findIndex((r) => r.x + r.width > width || r.y + r.height > height);
  if (outside >= 0) {
    const field = `regions.${outside}`;
    throw new ApiError(400, `${field}: must lie inside the image (${width} × ${height} pixels)`, { field });
  }
  const covered = regions.reduce((sum, r) => sum + r.width * r.height, 0);
  if (covered > width * height) {
    throw new ApiError(
      400,
      `regions: must together cover no more than the image itself (${width} × ${height} pixels); draw fewer or smaller areas`,
      { field: "regions" },
    );
  }
}

/**
 * POST /api/admin/gallery/{id}/blur (docs/product.md, "Blurring faces"): blurs the regions in the
 * stored image and its variants, stores the result under a new id in the old one's
 * place (the unblurred bytes are deleted), and answers the gallery image as it now is.
 */
export function galleryBlurRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.post("/admin/gallery/:id/blur", requireAdmin(deps), jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const { regions } = validate(blurSchema, await readJson(c));
    const item = await getGalleryItem(db, id);
    if (!item) throw notFound(NOT_FOUND);
    const imageId = storedImageId(item.imageUrl);
    if (!imageId) throw new ApiError(409, NOT_OURS);
    const original = await getOriginal(db, imageId);
    if (!original) throw notFound("Image not found");
    checkInside(regions, original.width, original.height);

    const blurred = await blurFaces(original.bytes, regions);
    if (!(await replaceImage(db, imageId, blurred, deps.now()))) throw new ApiError(409, CHANGED_MEANWHILE);
    const updated = await getGalleryItem(db, id);
    if (!updated) throw notFound(NOT_FOUND);
    await recordChange(deps, c, "gallery.blur", { type: "gallery", id, title: updated.caption ?? updated.imageUrl });
    return c.json(updated);
  });

  return app;
}
