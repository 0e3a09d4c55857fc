import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The WebAuthn challenges handed out for adding a passkey ('passkey-register', for the
 * person signed in) and for signing in with one ('passkey-login', for nobody yet), kept
 * in `auth_challenges` by the hash of their id so any instance can take the next step.
 */
export type PasskeyPurpose = "passkey-register" | "passkey-login";

export async function insertPasskeyChallenge(
  db: Kysely<Database>,
  challenge: { idHash: string; purpose: PasskeyPurpose; userId: number | null; value: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  // Nobody needs a challenge whose time is up: each new one sweeps them away.
  await db.deleteFrom("auth_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("auth_challenges")
    .values({
      id_hash: challenge.idHash,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      value: challenge.value,
      expires_at: challenge.expiresAt.toISOString(),
    })
    .execute();
}

/**
 * Takes a live challenge of the purpose, once: the delete is the check, so of two
 * requests (on any instances) bringing the same id, only one gets it.
 */
export async function takePasskeyChallenge(
  db: Kysely<Database>,
  idHash: string,
  purpose: PasskeyPurpose,
  now: Date,
): Promise<{ userId: number | null; value: string } | null> {
  const row = await db
    .deleteFrom("auth_challenges")
    .where("id_hash", "=", idHash)
    .where("purpose", "=", purpose)
    .returning(["user_id", "value", "expires_at"])
    .executeTakeFirst();
  if (!row || row.value === null || row.expires_at <= now.toISOString()) return null;
  return { userId: row.user_id, value: row.value };
}
