import type { Kysely } from "kysely";
import type { Booking } from "./booking-rows";
import type { Database } from "./schema";

/**
 * The bookings' work over time (docs/product.md, 'Bookings'): the events whose reminders
 * are due, and emptying the names and addresses some days after an event. Each read
 * takes a few events at a time, found by their own row in event_bookings.
 */

/** The ids of events starting within `until` and not reminded yet, at most `limit`. */
export async function eventsToRemind(db: Kysely<Database>, now: Date, until: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("event_bookings")
    .innerJoin("events", "events.id", "event_bookings.event_id")
    .select("events.id")
    .where("event_bookings.reminded_at", "is", null)
    .where("event_bookings.emptied_at", "is", null)
    .where("events.date", ">", now.toISOString())
    .where("events.date", "<=", until.toISOString())
    .orderBy("events.date")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function markReminded(db: Kysely<Database>, eventId: number, now: Date): Promise<void> {
  await db
    .updateTable("event_bookings")
    .set({ reminded_at: now.toISOString() })
    .where("event_id", "=", eventId)
    .execute();
}

/** The confirmed bookings with an address after id `after`, `limit` of them in id order. */
export function confirmedWithAddress(
  db: Kysely<Database>,
  eventId: number,
  after: number,
  limit: number,
): Promise<Booking[]> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("event_id", "=", eventId)
    .where("status", "=", "confirmed")
    .where("id", ">", after)
    .where("email", "is not", null)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Empties the names, addresses, children's names and private links of the bookings of
 * up to `limit` events that started before `before`, and deletes every e-mail about
 * them (each holds the address, whatever became of it); the numbers stay. Answers how
 * many events it emptied.
 */
export async function emptyPastBookings(db: Kysely<Database>, before: Date, now: Date, limit: number): Promise<number> {
  const events = await db
    .selectFrom("event_bookings")
    .innerJoin("events", "events.id", "event_bookings.event_id")
    .select("event_bookings.event_id")
    .where("event_bookings.emptied_at", "is", null)
    .where("events.date", "<", before.toISOString())
    .limit(limit)
    .execute();
  for (const { event_id } of events) {
    await db.transaction().execute(async (trx) => {
      const ofEvent = trx.selectFrom("bookings").select("id").where("event_id", "=", event_id);
      // One being sent goes too: its sender finds no row to write the outcome to, and sends nothing again.
      await trx.deleteFrom("mail_outbox").where("booking_id", "in", ofEvent).execute();
      // The private link goes with them: its hash, and what it was made from.
      const link = { token_hash: null, link_seed: null };
      await trx
        .updateTable("bookings")
        .set({ name: null, email: null, email_key: null, child_name: null, child_class: null, ...link })
        .where("event_id", "=", event_id)
        .execute();
      await trx
        .updateTable("event_bookings")
        .set({ emptied_at: now.toISOString() })
        .where("event_id", "=", event_id)
        .execute();
    });
  }
  return events.length;
}
