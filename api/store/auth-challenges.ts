import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The short-lived steps sign-in and its set-ups hand out, in `auth_challenges` by the
 * hash of their id so any instance can take the next step: a sign-in waiting for its
 * code ('second-factor'), an authenticator secret waiting for its first code
 * ('totp-setup'), and the WebAuthn challenges for adding a passkey ('passkey-register')
 * and for signing in with one ('passkey-login', for nobody yet).
 */
export type ChallengePurpose = "second-factor" | "totp-setup" | "passkey-register" | "passkey-login";

export interface Challenge {
  idHash: string;
  userId: number;
  value: string | null;
  attempts: number;
  expiresAt: string;
}

export async function insertChallenge(
  db: Kysely<Database>,
  challenge: { idHash: string; purpose: ChallengePurpose; userId: number | null; value?: string; expiresAt: Date },
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
      value: challenge.value ?? null,
      expires_at: challenge.expiresAt.toISOString(),
    })
    .execute();
}

/**
 * Takes a live challenge of the purpose, once: the delete is the check, so of two
 * requests (on any instances) bringing the same id, only one gets it.
 */
export async function takeChallenge(
  db: Kysely<Database>,
  idHash: string,
  purpose: ChallengePurpose,
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

/** Drops every challenge whose time is up, and (with `userId`) that person's of one purpose. */
export async function deleteChallenges(
  db: Kysely<Database>,
  now: Date,
  of?: { purpose: ChallengePurpose; userId: number },
): Promise<void> {
  await db
    .deleteFrom("auth_challenges")
    .where((eb) => {
      const expired = eb("expires_at", "<=", now.toISOString());
      return of ? eb.or([expired, eb.and([eb("purpose", "=", of.purpose), eb("user_id", "=", of.userId)])]) : expired;
    })
    .execute();
}

const CHALLENGE_COLUMNS = ["id_hash", "user_id", "value", "attempts", "expires_at"] as const;

function toChallenge(row: {
  id_hash: string;
  user_id: number | null;
  value: string | null;
  attempts: number;
  expires_at: string;
}): Challenge | null {
  if (row.user_id === null) return null;
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    value: row.value,
    attempts: row.attempts,
    expiresAt: row.expires_at,
  };
}

/** A live challenge by the hash of its id, or null (unknown, expired, or used up). */
export async function findChallenge(
  db: Kysely<Database>,
  idHash: string,
  purpose: ChallengePurpose,
  now: Date,
  maxAttempts: number,
): Promise<Challenge | null> {
  const row = await db
    .selectFrom("auth_challenges")
    .select(CHALLENGE_COLUMNS)
    .where("id_hash", "=", idHash)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .where("attempts", "<", maxAttempts)
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

/** A person's live challenge of one purpose (a set-up in progress), or null. */
export async function findUserChallenge(
  db: Kysely<Database>,
  userId: number,
  purpose: ChallengePurpose,
  now: Date,
): Promise<Challenge | null> {
  const row = await db
    .selectFrom("auth_challenges")
    .select(CHALLENGE_COLUMNS)
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .orderBy("expires_at", "desc")
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

/** Counts a wrong answer; a challenge with `maxAttempts` wrong answers is dropped. */
export async function countWrongAnswer(db: Kysely<Database>, idHash: string, maxAttempts: number): Promise<void> {
  await db
    .updateTable("auth_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id_hash", "=", idHash)
    .execute();
  await db.deleteFrom("auth_challenges").where("id_hash", "=", idHash).where("attempts", ">=", maxAttempts).execute();
}

/** Takes a challenge for good: true only for the one caller that removed it. */
export async function consumeChallenge(db: Kysely<Database>, idHash: string): Promise<boolean> {
  const result = await db.deleteFrom("auth_challenges").where("id_hash", "=", idHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
