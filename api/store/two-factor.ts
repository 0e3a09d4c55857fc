import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * What two-factor sign-in keeps for a person (docs/product.md, 'The committee'): the authenticator's
 * secret, the last time step a code was accepted for (so each code works once), the
 * recovery codes, stored hashed, and the wrong codes in a row with the lock they lead to.
 */

/** A fresh start for the wrong-code count: no count, no lock. */
const NO_GUESSES = { second_factor_failures: 0, second_factor_locked_until: null };

/** Turns authenticator codes on, with the step of the code that confirmed it already spent. */
export async function enableTotp(db: Kysely<Database>, userId: number, secret: string, step: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ totp_secret: secret, totp_last_step: step, ...NO_GUESSES })
    .where("id", "=", userId)
    .execute();
}

/**
 * Spends a time step: true only for the first caller whose step is later than the last
 * one accepted, so a code (or an older one) can never be used twice, even by two
 * requests at once on two instances.
 */
export async function spendTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where("totp_secret", "is not", null)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns authenticator codes off and drops the recovery codes that came with them. */
export async function disableTotp(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute((trx) => dropTotp(trx, userId));
}

/** disableTotp's writes, in a caller's transaction: the secret, its last step, the wrong-code count, the recovery codes. */
async function dropTotp(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable("users")
    .set({ totp_secret: null, totp_last_step: null, ...NO_GUESSES })
    .where("id", "=", userId)
    .execute();
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

/**
 * Removes every second factor a person has: the authenticator, recovery codes, passkeys
 * and steps in progress, and the wrong-code count with its lock.
 */
export async function removeAllSecondFactors(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await dropTotp(trx, userId);
    await trx.deleteFrom("passkeys").where("user_id", "=", userId).execute();
    await trx.deleteFrom("auth_challenges").where("user_id", "=", userId).execute();
  });
}

/** Replaces a person's recovery codes with new ones (their hashes): the old ones stop working. */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number, codeHashes: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  });
}

/** Uses a recovery code: true only the first time, however many ask at once. */
export async function spendRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function countRecoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a person has authenticator codes on (what a password sign-in's second step asks for). */
export async function hasTotp(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("totp_secret").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.totp_secret);
}

export interface CodeGuessRule {
  /** Wrong codes in a row that lock the account's codes. */
  max: number;
  lockMs: number;
}

/** A code about to be checked: counted (and whether it is the one that locks), or refused while locked. */
export type CodeGuess = { outcome: "counted"; locks: boolean } | { outcome: "locked"; until: string };

/**
 * Counts a code before it is checked, in one UPDATE … RETURNING, so codes sent at once
 * from any number of addresses and instances are each counted and never more than
 * `max` in a row are checked: the one that reaches `max` locks the account's codes for
 * `lockMs` from now (a right one then lifts it again, clearCodeGuesses), and every
 * code after it is refused unchecked until the lock is over; a lock that is over starts
 * the count again. Refused while locked, the answer says until when.
 */
export async function countCodeGuess(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  rule: CodeGuessRule,
): Promise<CodeGuess> {
  const nowText = now.toISOString();
  const until = new Date(now.getTime() + rule.lockMs).toISOString();
  // Every expression of the SET reads the row as it was: an old lock restarts the count.
  const count = sql<number>`(case when second_factor_locked_until is null then second_factor_failures + 1 else 1 end)`;
  for (let tries = 0; tries < 3; tries++) {
    const row = await db
      .updateTable("users")
      .set({
        second_factor_failures: count,
        second_factor_locked_until: sql<string | null>`(case when ${count} >= ${rule.max} then ${until} else null end)`,
      })
      .where("id", "=", userId)
      .where((eb) =>
        eb.or([eb("second_factor_locked_until", "is", null), eb("second_factor_locked_until", "<=", nowText)]),
      )
      .returning("second_factor_locked_until")
      .executeTakeFirst();
    if (row) return { outcome: "counted", locks: row.second_factor_locked_until !== null };
    const lock = await readCodeLock(db, userId, now);
    if (lock) return { outcome: "locked", until: lock };
    // Lifted between the two (a right code elsewhere): count again.
  }
  return { outcome: "locked", until: until };
}

/** A right code: the count starts again and any lock is lifted. */
export async function clearCodeGuesses(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable("users").set(NO_GUESSES).where("id", "=", userId).execute();
}

/** Until when the person's codes are locked (ISO), or null when they are not. */
export async function readCodeLock(db: Kysely<Database>, userId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("second_factor_locked_until")
    .where("id", "=", userId)
    .executeTakeFirst();
  const until = row?.second_factor_locked_until ?? null;
  return until !== null && until > now.toISOString() ? until : null;
}
