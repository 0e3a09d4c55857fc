import type { Kysely } from "kysely";
import { deleteStaleLinks } from "../store/account-links";
import { pruneActivityBatch } from "../store/activity";
import type { Database } from "../store/schema";
import { deleteUnconfirmedBatch } from "../store/subscribers";
import { startRepeating, type RepeatingJob } from "./repeating-job";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the record of who changed what is kept (docs/product.md, 'The committee'). */
export const ACTIVITY_KEPT_YEARS = 2;
/** Invitation and reset links are dropped this long after they expired (used ones too). */
const STALE_LINK_MS = 30 * DAY_MS;
/** An address never confirmed is forgotten this long after it was given (docs/product.md, 'E-mail'). */
export const UNCONFIRMED_KEPT_MS = 7 * DAY_MS;
/** Lines deleted at a time: each statement stays short, so requests keep their turn. */
export const PRUNE_BATCH = 500;

/** The moment before which a line of the record is too old to keep. */
export function activityCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ACTIVITY_KEPT_YEARS);
  return cutoff;
}

/**
 * Deletes the lines older than two years, a batch at a time, giving the event loop
 * back between batches; answers how many went.
 */
export async function pruneOldActivity(db: Kysely<Database>, now: Date, batch = PRUNE_BATCH): Promise<number> {
  const cutoff = activityCutoff(now);
  let total = 0;
  for (;;) {
    const deleted = await pruneActivityBatch(db, cutoff, batch);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Deletes the addresses left unconfirmed for 7 days, a batch at a time; answers how many went. */
export async function deleteUnconfirmedSubscribers(
  db: Kysely<Database>,
  now: Date,
  batch = PRUNE_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEPT_MS);
  let total = 0;
  for (;;) {
    const deleted = await deleteUnconfirmedBatch(db, before, batch);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The daily upkeep every store needs, SQLite or PostgreSQL (the snapshots are SQLite's
 * own, ops/snapshots.ts): at start, then once a day, the record of changes loses its
 * lines older than two years, and invitation and reset links a month past their expiry
 * go (no more than the committee made in that time), and so do e-mail addresses left
 * unconfirmed for 7 days. Every instance sharing a PostgreSQL database does it;
 * deleting what another already deleted costs nothing.
 */
export function startDailyMaintenance(options: {
  db: Kysely<Database>;
  now: () => Date;
  log: (line: string) => void;
}): RepeatingJob {
  const { db, now, log } = options;
  return startRepeating(async () => {
    try {
      const pruned = await pruneOldActivity(db, now());
      if (pruned > 0) log(`Pruned ${pruned} lines of the record of changes older than ${ACTIVITY_KEPT_YEARS} years`);
      await deleteStaleLinks(db, new Date(now().getTime() - STALE_LINK_MS));
      const forgotten = await deleteUnconfirmedSubscribers(db, now());
      if (forgotten > 0)
        log(`Forgot ${forgotten} e-mail address${forgotten === 1 ? "" : "es"} not confirmed within 7 days`);
    } catch (err) {
      // The database away or the disk full: tomorrow's run deletes what this one could not.
      log(`Pruning the record of changes failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return DAY_MS;
  });
}
