import type { Kysely } from "kysely";
import { insertImage, type ImageToStore } from "./images";
import { randomId } from "./random-id";
import type { Database } from "./schema";

/** The address a stored image is served at (routes/objects.ts), as rows hold it. */
const urlOf = (imageId: string) => `/objects/images/${imageId}`;

/** Thrown inside the transaction to undo it: the old image was replaced or deleted meanwhile. */
class ImageGone extends Error {}

/**
 * Puts a changed image (faces blurred, docs/product.md, 'Photos') in the place of a stored one,
 * in one transaction: the new image under a NEW id (images are served as immutable under
 * their id, so no cache can keep showing the old bytes as the new), every gallery row,
 * news item, event and pending news upload that showed the old one pointed to it, and
 * the old original and all its variants deleted. Returns the new id; null when the old
 * image is no longer stored (another change came first), and then nothing is written.
 */
export async function replaceImage(
  db: Kysely<Database>,
  oldId: string,
  image: ImageToStore,
  now: Date,
): Promise<string | null> {
  const newId = randomId();
  const [oldUrl, newUrl] = [urlOf(oldId), urlOf(newId)];
  try {
    await db.transaction().execute(async (trx) => {
      await insertImage(trx, newId, image, now);
      await trx
        .updateTable("gallery")
        .set({ image_url: newUrl, image_id: newId, updated_at: now.toISOString() })
        .where("image_id", "=", oldId)
        .execute();
      await trx.updateTable("news").set({ image_url: newUrl }).where("image_url", "=", oldUrl).execute();
      await trx.updateTable("events").set({ image_url: newUrl }).where("image_url", "=", oldUrl).execute();
      await trx.updateTable("uploads").set({ image_id: newId }).where("image_id", "=", oldId).execute();
      await trx.deleteFrom("image_variants").where("image_id", "=", oldId).execute();
      const removed = await trx.deleteFrom("images").where("id", "=", oldId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new ImageGone();
    });
  } catch (error) {
    if (error instanceof ImageGone) return null;
    throw error;
  }
  return newId;
}
