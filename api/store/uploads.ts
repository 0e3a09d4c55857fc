import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface UploadRecord {
  id: string;
  expiresAt: string;
  imageId: string | null;
  /** Whether the sign-in that asked for the URL still holds. */
  sessionLive: boolean;
}

export async function createUpload(
  db: Kysely<Database>,
  id: string,
  session: { userId: number; tokenHash: string },
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto("uploads")
    .values({
      id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      image_id: null,
      completed_at: null,
    })
    .execute();
}

export async function findUpload(db: Kysely<Database>, id: string, now: Date): Promise<UploadRecord | null> {
  const row = await db
    .selectFrom("uploads")
    .leftJoin("tokens", (join) =>
      join.onRef("tokens.token_hash", "=", "uploads.token_hash").on("tokens.expires_at", ">", now.toISOString()),
    )
    .select([
      "uploads.id",
      "uploads.expires_at",
      "uploads.image_id",
      "uploads.completed_at",
      "tokens.token_hash as live",
    ])
    .where("uploads.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    expiresAt: row.expires_at,
    imageId: row.completed_at ? row.image_id : null,
    sessionLive: row.live !== null,
  };
}

/**
 * Marks a pending upload complete and answers who asked for it (the record of changes
 * names them); null when another request completed it first.
 */
export async function completeUpload(
  db: Kysely<Database>,
  id: string,
  imageId: string,
  now: Date,
): Promise<{ userId: number } | null> {
  const row = await db
    .updateTable("uploads")
    .set({ image_id: imageId, completed_at: now.toISOString() })
    .where("id", "=", id)
    .where("completed_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  return row ? { userId: row.user_id } : null;
}

/** Forgets pending uploads whose URL expired long ago (completed ones keep their image link). */
export async function deleteStaleUploads(db: Kysely<Database>, before: Date): Promise<void> {
  await db
    .deleteFrom("uploads")
    .where("completed_at", "is", null)
    .where("expires_at", "<", before.toISOString())
    .execute();
}
