import type { Kysely } from "kysely";
import type { Database } from "./schema";

export async function insertToken(
  db: Kysely<Database>,
  tokenHash: string,
  userId: number,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto("tokens")
    .values({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
}

/** The user id behind an unexpired token, or null. */
export async function findTokenUser(db: Kysely<Database>, tokenHash: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom("tokens")
    .select("user_id")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function deleteToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("tokens").where("token_hash", "=", tokenHash).execute();
}

export async function deleteUserTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("tokens").where("user_id", "=", userId).execute();
}

export async function deleteExpiredTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom("tokens").where("expires_at", "<=", now.toISOString()).execute();
}

/** Who a live token belongs to and until when, or null once it is revoked or expired. */
export async function findSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ username: string; expiresAt: string } | null> {
  const row = await db
    .selectFrom("tokens")
    .innerJoin("users", "users.id", "tokens.user_id")
    .select(["users.username", "tokens.expires_at"])
    .where("tokens.token_hash", "=", tokenHash)
    .where("tokens.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { username: row.username, expiresAt: row.expires_at } : null;
}
