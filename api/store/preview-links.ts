import type { Kysely } from "kysely";
import type { PublishedTable } from "./publishing";
import type { Database } from "./schema";

/**
 * Links to an unpublished item that work without signing in (docs/product.md,
 * 'Publishing'), kept as the hash of their token, until they expire or are revoked.
 */

export async function addPreviewLink(
  db: Kysely<Database>,
  link: { tokenHash: string; type: PublishedTable; itemId: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  // The item's expired links go as a new one is made: the table holds live links and few others.
  await db
    .deleteFrom("preview_links")
    .where("item_type", "=", link.type)
    .where("item_id", "=", link.itemId)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  await db
    .insertInto("preview_links")
    .values({
      token_hash: link.tokenHash,
      item_type: link.type,
      item_id: link.itemId,
      expires_at: link.expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

/** The item a live link shows, or null. */
export async function previewTarget(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ type: PublishedTable; itemId: number } | null> {
  const row = await db
    .selectFrom("preview_links")
    .select(["item_type", "item_id"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { type: row.item_type as PublishedTable, itemId: row.item_id } : null;
}

/** Revokes every link to the item (also as the item goes). */
export async function deletePreviewLinks(db: Kysely<Database>, type: PublishedTable, itemId: number): Promise<void> {
  await db.deleteFrom("preview_links").where("item_type", "=", type).where("item_id", "=", itemId).execute();
}
