import type { Kysely, Selectable } from "kysely";
import type { BookingsTable, Database } from "./schema";

/**
 * Bookings as rows (docs/product.md, 'Bookings'): one found by its id, its private link or
 * its address, its place on the waiting list, its link set; and whether an event has any
 * live. The changes to an event's places, which hold the event while they run, are
 * ./bookings.ts.
 */

export type Booking = Selectable<BookingsTable>;

/** What a booking keeps of its private link (api/http/lib/booking-links.ts): never the token itself. */
export interface BookingLink {
  seed: string;
  tokenHash: string;
}

/** One live booking per address per event, whatever its case. */
export const bookingEmailKey = (email: string) => email.trim().toLowerCase();

/** A waiting booking's place in the queue, 1 first. */
export async function waitingPosition(db: Kysely<Database>, booking: Booking): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("event_id", "=", booking.event_id)
    .where("status", "=", "waiting")
    .where("id", "<=", booking.id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function bookingById(db: Kysely<Database>, id: number): Promise<Booking | undefined> {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

export function bookingByTokenHash(db: Kysely<Database>, hash: string): Promise<Booking | undefined> {
  return db.selectFrom("bookings").selectAll().where("token_hash", "=", hash).executeTakeFirst();
}

export function liveBookingByEmail(db: Kysely<Database>, eventId: number, email: string): Promise<Booking | undefined> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("event_id", "=", eventId)
    .where("email_key", "=", bookingEmailKey(email))
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
}

/** A private link for a booking that had none it could tell again; any older one stops working. */
export async function setBookingLink(db: Kysely<Database>, id: number, link: BookingLink): Promise<void> {
  await db
    .updateTable("bookings")
    .set({ token_hash: link.tokenHash, link_seed: link.seed })
    .where("id", "=", id)
    .execute();
}

/** Whether the event has bookings not cancelled (booking cannot move to another site then). */
export async function hasLiveBookings(db: Kysely<Database>, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("event_id", "=", eventId)
    .where("status", "!=", "cancelled")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
