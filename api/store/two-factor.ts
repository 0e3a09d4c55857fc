import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * What two-factor sign-in keeps for a person (docs/product.md §11): the authenticator's
 * secret, the last time step a code was accepted for (so each code works once), and
 * the recovery codes, stored hashed.
 */

/** Turns authenticator codes on, with the step of the code that confirmed it already spent. */
export async function enableTotp(db: Kysely<Database>, userId: number, secret: string, step: number): Promise<void> {
  await db.updateTable("users").set({ totp_secret: secret, totp_last_step: step }).where("id", "=", userId).execute();
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
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ totp_secret: null, totp_last_step: null }).where("id", "=", userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  });
}

/** Removes every second factor a person has: the authenticator, recovery codes, passkeys and steps in progress. */
export async function removeAllSecondFactors(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ totp_secret: null, totp_last_step: null }).where("id", "=", userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
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
