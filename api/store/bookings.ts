import type { Kysely } from "kysely";
import { availabilityOfOne, type Availability } from "./booking-settings";
import { serializeOn } from "./dialect";
import {
  bookingById,
  bookingEmailKey,
  liveBookingByEmail,
  waitingPosition,
  type Booking,
  type BookingLink,
} from "./booking-rows";
import type { Database } from "./schema";

/**
 * Families' bookings (docs/product.md, 'Bookings'). Every change to an event's places
 * happens in one transaction that holds the event (serializeOn: PostgreSQL's instances
 * queue on an advisory lock; SQLite runs one write transaction at a time), so the
 * places are checked and taken together and an event is never overbooked. When places
 * come free, the waiting list fills itself in the order the bookings came, each only if
 * it fits.
 */

/** Who comes, as a booking form gives it. */
export interface Party {
  adults: number;
  children: number;
  childName: string | null;
  childClass: string | null;
}

export interface NewBooking extends Party {
  name: string;
  /** Null: a phone booking taken without an address. */
  email: string | null;
  /** The private link, e-mailed with the booking; null for a booking by hand (the organiser changes it). */
  link: BookingLink | null;
  byHand: boolean;
}

/** What placing a booking came to. */
export type Placed =
  | { kind: "placed"; booking: Booking; position: number | null }
  | { kind: "duplicate"; booking: Booking }
  | { kind: "closed" }
  | { kind: "full"; left: number }
  | { kind: "not-booked-here" };

/** What changing or cancelling a booking came to, and whom it let in from the waiting list. */
export type Changed =
  | { kind: "changed"; booking: Booking; admitted: Booking[] }
  | { kind: "closed" }
  | { kind: "full"; left: number }
  | { kind: "gone" };

const WAITING_PAGE = 100;

/** Work done in the same transaction once the outcome is known (its e-mails), so both happen or neither. */
export type Within<T> = (trx: Kysely<Database>, outcome: T) => Promise<void>;

const nothing = async () => undefined;

const sizeOf = (party: { adults: number; children: number }) => party.adults + party.children;

function inEventOrder<T>(db: Kysely<Database>, eventId: number, work: (trx: Kysely<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, `bookings:${eventId}`);
    return work(trx);
  });
}

/**
 * Books a family onto the event: confirmed when the party fits what is left, else onto
 * the waiting list when it has one. `byHand` (the organiser's phone bookings) takes no
 * notice of the closing time; the places still count.
 */
export function placeBooking(
  db: Kysely<Database>,
  eventId: number,
  input: NewBooking,
  now: Date,
  within: Within<Placed> = nothing,
): Promise<Placed> {
  return inEventOrder(db, eventId, async (trx) => {
    const placed = await place(trx, eventId, input, now);
    await within(trx, placed);
    return placed;
  });
}

async function place(trx: Kysely<Database>, eventId: number, input: NewBooking, now: Date): Promise<Placed> {
  const availability = await availabilityOfOne(trx, eventId, now);
  if (!availability) return { kind: "not-booked-here" };
  if (!input.byHand && !availability.open) return { kind: "closed" };
  if (input.email) {
    const existing = await liveBookingByEmail(trx, eventId, input.email);
    if (existing) return { kind: "duplicate", booking: existing };
  }
  const fits = sizeOf(input) <= availability.left;
  if (!fits && !availability.waitingList) return { kind: "full", left: availability.left };
  const at = now.toISOString();
  const booking = await trx
    .insertInto("bookings")
    .values({
      event_id: eventId,
      token_hash: input.link?.tokenHash ?? null,
      link_seed: input.link?.seed ?? null,
      // The booked e-mail carries the link: it is this address's turn (mail-turns.ts) for now.
      link_sent_at: input.link ? at : null,
      name: input.name,
      email: input.email,
      email_key: input.email ? bookingEmailKey(input.email) : null,
      adults: input.adults,
      children: input.children,
      child_name: input.childName,
      child_class: input.childClass,
      status: fits ? "confirmed" : "waiting",
      by_hand: input.byHand ? 1 : 0,
      created_at: at,
      confirmed_at: fits ? at : null,
      cancelled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { kind: "placed", booking, position: fits ? null : await waitingPosition(trx, booking) };
}

/**
 * Changes who comes. A confirmed booking may grow only into the places left, and only
 * while bookings are open; a smaller party frees places for the waiting list.
 */
export function changeParty(
  db: Kysely<Database>,
  id: number,
  party: Party,
  now: Date,
  within: Within<Changed> = nothing,
): Promise<Changed> {
  return liveBookingWork(db, id, now, within, async (trx, booking, availability) => {
    if (!availability.open) return { kind: "closed" };
    const growth = sizeOf(party) - sizeOf(booking);
    if (booking.status === "confirmed" && growth > availability.left) {
      return { kind: "full", left: availability.left };
    }
    const changed = await trx
      .updateTable("bookings")
      .set({
        adults: party.adults,
        children: party.children,
        child_name: party.childName,
        child_class: party.childClass,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A smaller party may let others in, and a waiting one that now fits is let in itself.
    const admitted = await admitFromWaitingList(trx, booking.event_id, now);
    return {
      kind: "changed",
      booking: admitted.find((one) => one.id === id) ?? changed,
      admitted: admitted.filter((one) => one.id !== id),
    };
  });
}

/** Cancels a booking (until the event starts); its places go to the waiting list. */
export function cancelBooking(
  db: Kysely<Database>,
  id: number,
  now: Date,
  within: Within<Changed> = nothing,
): Promise<Changed> {
  return liveBookingWork(db, id, now, within, async (trx, booking, availability) => {
    if (now.getTime() >= Date.parse(availability.startsAt)) return { kind: "closed" };
    const cancelled = await trx
      .updateTable("bookings")
      .set({ status: "cancelled", cancelled_at: now.toISOString() })
      .where("id", "=", booking.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: "changed", booking: cancelled, admitted: await admitFromWaitingList(trx, booking.event_id, now) };
  });
}

/** Runs `work` on a live (not cancelled) booking inside its event's transaction. */
async function liveBookingWork(
  db: Kysely<Database>,
  id: number,
  now: Date,
  within: Within<Changed>,
  work: (trx: Kysely<Database>, booking: Booking, availability: Availability) => Promise<Changed>,
): Promise<Changed> {
  const first = await bookingById(db, id);
  if (!first) return { kind: "gone" };
  return inEventOrder(db, first.event_id, async (trx) => {
    const booking = await bookingById(trx, id);
    const availability = await availabilityOfOne(trx, first.event_id, now);
    if (!booking || booking.status === "cancelled" || !availability) return { kind: "gone" };
    const changed = await work(trx, booking, availability);
    await within(trx, changed);
    return changed;
  });
}

/**
 * Confirms waiting bookings in the order they came, each only if it fits what is left,
 * until nothing is left or nobody waits (read a page at a time). Nobody is let in once
 * the event has started. Answers those let in, for their e-mail.
 */
export async function admitFromWaitingList(trx: Kysely<Database>, eventId: number, now: Date): Promise<Booking[]> {
  const availability = await availabilityOfOne(trx, eventId, now);
  if (!availability || now.getTime() >= Date.parse(availability.startsAt)) return [];
  let left = availability.left;
  const admitted: Booking[] = [];
  let afterId = 0;
  while (left > 0) {
    const waiting = await trx
      .selectFrom("bookings")
      .selectAll()
      .where("event_id", "=", eventId)
      .where("status", "=", "waiting")
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(WAITING_PAGE)
      .execute();
    for (const booking of waiting) {
      if (sizeOf(booking) > left) continue;
      admitted.push(
        await trx
          .updateTable("bookings")
          .set({ status: "confirmed", confirmed_at: now.toISOString() })
          .where("id", "=", booking.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      left -= sizeOf(booking);
      if (left === 0) break;
    }
    if (waiting.length < WAITING_PAGE) break;
    afterId = waiting[waiting.length - 1].id;
  }
  return admitted;
}
