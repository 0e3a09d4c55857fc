import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * PostgreSQL's SQLSTATEs for a transaction the server ended so that another one could go
 * on: serialization_failure (40001) and deadlock_detected (40P01). Nothing of it was
 * kept, and the same work run again succeeds once the other has finished, so it is the
 * store's to retry, never a reason to answer 500. SQLite has one writer and neither.
 */
const ENDED_FOR_ANOTHER = new Set(["40001", "40P01"]);

/** How many times a transaction is run at most before its error is passed on. */
export const TRANSACTION_ATTEMPTS = 5;

export function isEndedForAnother(err: unknown): boolean {
  for (let cause: unknown = err; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && ENDED_FOR_ANOTHER.has(code)) return true;
  }
  return false;
}

/**
 * Runs `work` in a transaction of its own, or in the caller's when `db` already is one
 * (the caller's then is the one to run again). `work` only reads and writes the store:
 * it may run more than once.
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isEndedForAnother(err)) throw err;
    }
  }
}
