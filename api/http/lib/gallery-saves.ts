import type { Context } from "hono";
import { updateGalleryItems, type GalleryChange } from "../../store/gallery";
import { recordChange } from "./activity";
import type { ApiDeps, ApiEnv } from "./context";

/**
 * Many images' texts (and consent) saved in one transaction, each change recorded in
 * Recent changes: the one way the captions screen and the follow-up screens save.
 * Answers how many images changed; an unchanged or deleted one is not counted.
 */
export async function saveGalleryChanges(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  changes: readonly GalleryChange[],
  now: Date,
): Promise<Response> {
  const saved = await updateGalleryItems(deps.store.db, changes, now);
  for (const item of saved) {
    await recordChange(deps, c, "gallery.update", {
      type: "gallery",
      id: item.id,
      title: item.caption ?? item.imageUrl,
    });
  }
  return c.json({ updated: saved.length });
}
