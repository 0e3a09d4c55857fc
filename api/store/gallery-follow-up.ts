import type { Kysely } from "kysely";
import { galleryByIds, type GalleryItem } from "./gallery";
import { countOf, inIdOrder, type ListWindow } from "./listing";
import type { Database } from "./schema";

/**
 * The gallery images the committee still has to see to (docs/product.md, 'Image descriptions and consent'
 * descriptions and consent): those without a description, and those whose consent
 * was never recorded. Each is a COUNT and a window, never the whole gallery.
 */
export const FOLLOW_UPS = ["description", "consent"] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

const COLUMN_OF = { description: "alt_text", consent: "consent_by" } as const;

function needing(db: Kysely<Database>, need: FollowUp) {
  return db.selectFrom("gallery").where(COLUMN_OF[need], "is", null);
}

export async function countNeeding(db: Kysely<Database>, need: FollowUp): Promise<number> {
  return countOf(
    await needing(db, need)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
  );
}

/** One window of them, newest first as the gallery lists them. */
export async function listNeeding(db: Kysely<Database>, need: FollowUp, window: ListWindow): Promise<GalleryItem[]> {
  const ids = (
    await needing(db, need)
      .select("id")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute()
  ).map((row) => row.id);
  return ids.length === 0 ? [] : inIdOrder(ids, await galleryByIds(db, ids));
}
