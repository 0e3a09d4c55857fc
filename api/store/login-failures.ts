import type { Kysely } from "kysely";
import { serializeOn } from "./dialect";
import type { Database } from "./schema";

/**
 * Failed logins per client address. An attempt is written down as a failure *before*
 * its password is hashed (a reservation) and struck out only when the password proves
 * right, so attempts sent at the same moment cannot all slip under the limit while
 * their slow hashes run.
 */

export type Reservation = { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

interface ThrottleRule {
  max: number;
  windowMs: number;
}

/**
 * Counts the address's failures in the window and, when under the limit, reserves
 * one more, in one transaction that runs alone for that address: no other attempt, on
 * this instance or another sharing the database, can count in between.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  address: string,
  now: Date,
  { max, windowMs }: ThrottleRule,
): Promise<Reservation> {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, `login-failures:${address}`);
    await trx.deleteFrom("login_failures").where("failed_at", "<=", windowStart).execute();
    const recent = await trx
      .selectFrom("login_failures")
      .select("failed_at")
      .where("address", "=", address)
      .where("failed_at", ">", windowStart)
      .orderBy("failed_at", "desc")
      .limit(max)
      .execute();
    if (recent.length >= max) {
      // Allowed again once the max-th most recent failure leaves the window.
      const liftsAt = new Date(recent[max - 1].failed_at).getTime() + windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000)) };
    }
    const row = await trx
      .insertInto("login_failures")
      .values({ address, failed_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { allowed: true, id: row.id };
  });
}

/** Takes back a reservation whose password was never checked (the server was too busy). */
export async function releaseAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("login_failures").where("id", "=", id).execute();
}

/** A right password wipes the address's slate, its own reservation included. */
export async function clearFailures(db: Kysely<Database>, address: string): Promise<void> {
  await db.deleteFrom("login_failures").where("address", "=", address).execute();
}
