import type { Kysely } from "kysely";
import { deleteStaleLinks } from "../store/account-links";
import { pruneActivityBatch } from "../store/activity";
import type { Database } from "../store/schema";
import { emptyPastBookings } from "../store/booking-upkeep";
import { deleteOldMailBatch } from "../store/mail-outbox";
import { deleteUnconfirmedBatch } from "../store/subscribers";
import { startRepeating, type RepeatingJob } from "./repeating-job";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the record of who changed what is kept (docs/product.md, 'The committee'). */
export const ACTIVITY_KEPT_YEARS = 2;
/** Invitation and reset links are dropped this long after they expired (used ones too). */
const STALE_LINK_MS = 30 * DAY_MS;
/** An address never confirmed is forgotten this long after it was given (docs/product.md, 'E-mail'). */
export const UNCONFIRMED_KEPT_MS = 7 * DAY_MS;
/** E-mail is kept this long past its (last) due time for the Mail screen, then deleted with its text. */
export const SENT_MAIL_KEPT_MS = 90 * DAY_MS;
/** Rows deleted at a time: each statement stays short, so requests keep their turn. */
export const PRUNE_BATCH = 500;

/**
 * Deletes with `deleteBatch` until a batch comes back short, giving the event loop back
 * between batches; answers how many went.
 */
async function deleteInBatches(deleteBatch: (batch: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batch);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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
export function pruneOldActivity(db: Kysely<Database>, now: Date, batch = PRUNE_BATCH): Promise<number> {
  const cutoff = activityCutoff(now);
  return deleteInBatches((size) => pruneActivityBatch(db, cutoff, size), batch);
}

/** Deletes the addresses left unconfirmed for 7 days, a batch at a time; answers how many went. */
export function deleteUnconfirmedSubscribers(db: Kysely<Database>, now: Date, batch = PRUNE_BATCH): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEPT_MS);
  return deleteInBatches((size) => deleteUnconfirmedBatch(db, before, size), batch);
}

/**
 * Empties the names and addresses of the bookings of events that started over
 * `retentionDays` ago (docs/product.md, 'Bookings'), a few events at a time; answers
 * how many events' bookings it emptied.
 */
export async function emptyOldBookings(db: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches((size) => emptyPastBookings(db, before, now, size), 20);
}

/** Deletes the e-mail due over 90 days ago and not being sent, a batch at a time; answers how many went. */
export function deleteOldMail(db: Kysely<Database>, now: Date, batch = PRUNE_BATCH): Promise<number> {
  const before = new Date(now.getTime() - SENT_MAIL_KEPT_MS);
  return deleteInBatches((size) => deleteOldMailBatch(db, before, size), batch);
}

/**
 * The daily upkeep every store needs, SQLite or PostgreSQL (the snapshots are SQLite's
 * own, ops/snapshots.ts): at start, then once a day, the record of changes loses its
 * lines older than two years, and invitation and reset links a month past their expiry
 * go (no more than the committee made in that time), and so do e-mail addresses left
 * unconfirmed for 7 days, e-mail due over 90 days ago, and the names and addresses
 * of bookings BOOKING_RETENTION_DAYS after their event. Every instance sharing a PostgreSQL database does it;
 * deleting what another already deleted costs nothing.
 */
export function startDailyMaintenance(options: {
  db: Kysely<Database>;
  now: () => Date;
  log: (line: string) => void;
  bookingRetentionDays: number;
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
      const emptied = await emptyOldBookings(db, now(), options.bookingRetentionDays);
      if (emptied > 0)
        log(`Deleted the names and addresses of ${emptied} past event${emptied === 1 ? "'s" : "s'"} bookings`);
      const oldMail = await deleteOldMail(db, now());
      if (oldMail > 0) log(`Deleted ${oldMail} e-mail message${oldMail === 1 ? "" : "s"} due over 90 days ago`);
    } catch (err) {
      // The database away or the disk full: tomorrow's run deletes what this one could not.
      log(`The daily upkeep failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return DAY_MS;
  });
}
