import type { Kysely } from "kysely";
import { serializeOn } from "./dialect";
import type { Database } from "./schema";

/**
 * Failed logins per client address, kept exact under concurrency. An attempt is written
 * down as *pending* before its password is hashed, in the same transaction that counts:
 *
 * - five real failures in the window refuse the next attempt (429), whatever it holds;
 * - otherwise the attempt is checked, unless the failures and the attempts still being
 *   checked together reach the limit: then it waits for those to finish and asks again,
 *   so a burst can never get more checks than the limit allows, and a right password is
 *   never refused for failures that did not happen;
 * - a failed check becomes a failure; a right one wipes the address's failures.
 */

/** `ahead`, when waiting: the attempts in flight before this one, named so that a waiter can tell they move. */
export type Reservation =
  | { outcome: "allowed"; id: number }
  | { outcome: "refused"; retryAfterSeconds: number }
  | { outcome: "wait"; ahead: string };

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

/**
 * A pending attempt older than this was lost (its process stopped mid-check): no check
 * waits that long, so it no longer holds a place.
 */
export const PENDING_LOST_AFTER_MS = 60_000;

/**
 * Counts the address's failures and attempts in flight and, when there is room,
 * reserves one more, in one transaction that runs alone for that address: no other
 * attempt, on this instance or another sharing the database, can count in between.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  address: string,
  now: Date,
  { max, windowMs }: ThrottleRule,
): Promise<Reservation> {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const lostBefore = new Date(now.getTime() - PENDING_LOST_AFTER_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, `login-failures:${address}`);
    await trx.deleteFrom("login_failures").where("failed_at", "<=", windowStart).execute();
    await trx.deleteFrom("login_failures").where("pending", "=", 1).where("failed_at", "<=", lostBefore).execute();
    const rows = await trx
      .selectFrom("login_failures")
      .select(["id", "failed_at", "pending"])
      .where("address", "=", address)
      .orderBy("failed_at", "desc")
      .execute();
    const failures = rows.filter((row) => row.pending === 0);
    if (failures.length >= max) {
      // Allowed again once the max-th most recent failure leaves the window.
      const liftsAt = new Date(failures[max - 1].failed_at).getTime() + windowMs;
      return { outcome: "refused", retryAfterSeconds: Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000)) };
    }
    if (rows.length >= max) {
      const ahead = rows.filter((row) => row.pending === 1).map((row) => row.id);
      return { outcome: "wait", ahead: ahead.sort((a, b) => a - b).join(",") };
    }
    const row = await trx
      .insertInto("login_failures")
      .values({ address, failed_at: now.toISOString(), pending: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { outcome: "allowed", id: row.id };
  });
}

/** The attempt's password was wrong: it now counts as a failure, from this moment. */
export async function recordFailure(db: Kysely<Database>, address: string, id: number, now: Date): Promise<void> {
  const failedAt = now.toISOString();
  const result = await db
    .updateTable("login_failures")
    .set({ pending: 0, failed_at: failedAt })
    .where("id", "=", id)
    .executeTakeFirst();
  // Its reservation was swept away meanwhile (lost, or out of the window): it still failed.
  if (Number(result.numUpdatedRows) === 0) {
    await db.insertInto("login_failures").values({ address, failed_at: failedAt, pending: 0 }).execute();
  }
}

/** Takes back a reservation whose password was never checked (the server was too busy). */
export async function releaseAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("login_failures").where("id", "=", id).execute();
}

/** A right password wipes the address's failures and its own reservation; others' checks go on. */
export async function clearFailures(db: Kysely<Database>, address: string, id: number): Promise<void> {
  await db
    .deleteFrom("login_failures")
    .where("address", "=", address)
    .where((eb) => eb.or([eb("pending", "=", 0), eb("id", "=", id)]))
    .execute();
}
