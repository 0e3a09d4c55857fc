import type { Kysely } from "kysely";
import { seenBy, type Visibility } from "./publishing";
import type { Database } from "./schema";

/**
 * An event's booking settings (docs/product.md, 'Bookings'), and what is left of its
 * places. An event with no settings row is booked on another site, at its bookingUrl.
 */
export interface BookingSettings {
  places: number;
  maxPerBooking: number;
  askChild: boolean;
  /** Null: bookings close when the event starts. */
  closesAt: string | null;
  waitingList: boolean;
}

export interface Availability extends BookingSettings {
  eventId: number;
  /** Adults and children of the confirmed bookings. */
  taken: number;
  left: number;
  /** Bookings on the waiting list. */
  waiting: number;
  /** When bookings close: the setting, else the event's start. */
  closesAt: string;
  /** Before the closing time and the event's start. */
  open: boolean;
  /** The event's start: a booking can be cancelled until then. */
  startsAt: string;
}

/** How parents book an event, as the admin's calls and its revisions say it: elsewhere, or here with these settings. */
export type EventBookingState = { mode: "external" } | ({ mode: "site" } & BookingSettings);

export async function readEventBooking(db: Kysely<Database>, eventId: number): Promise<EventBookingState> {
  const settings = await readBookingSettings(db, eventId);
  return settings ? { mode: "site", ...settings } : { mode: "external" };
}

export async function readBookingSettings(db: Kysely<Database>, eventId: number): Promise<BookingSettings | undefined> {
  const row = await db.selectFrom("event_bookings").selectAll().where("event_id", "=", eventId).executeTakeFirst();
  return row && settingsOf(row);
}

function settingsOf(row: Database["event_bookings"]): BookingSettings {
  return {
    places: row.places,
    maxPerBooking: row.max_per_booking,
    askChild: row.ask_child === 1,
    closesAt: row.closes_at,
    waitingList: row.waiting_list === 1,
  };
}

/** Books the event on this site with these settings (made or changed). */
export async function saveBookingSettings(
  db: Kysely<Database>,
  eventId: number,
  settings: BookingSettings,
): Promise<void> {
  const values = {
    places: settings.places,
    max_per_booking: settings.maxPerBooking,
    ask_child: settings.askChild ? 1 : 0,
    closes_at: settings.closesAt,
    waiting_list: settings.waitingList ? 1 : 0,
  };
  await db
    .insertInto("event_bookings")
    .values({ event_id: eventId, ...values })
    .onConflict((oc) => oc.column("event_id").doUpdateSet(values))
    .execute();
}

/**
 * Booking moves to another site: the settings go, and the cancelled bookings with them
 * (the caller has checked that no booking is live), so no name is left behind.
 */
export async function removeBookingSettings(db: Kysely<Database>, eventId: number): Promise<void> {
  await db.deleteFrom("bookings").where("event_id", "=", eventId).execute();
  await db.deleteFrom("event_bookings").where("event_id", "=", eventId).execute();
}

/** Closes bookings now. Answers false for an event not booked on this site. */
export async function closeBookings(db: Kysely<Database>, eventId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("event_bookings")
    .set({ closes_at: now.toISOString() })
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What is left of each of these events' places (at most `ids.length` events, each read
 * through the bookings' index on event and state); events booked elsewhere are left out,
 * and, given `seen`, those it does not see (visitors: drafts and scheduled events).
 */
export async function availabilityOf(
  db: Kysely<Database>,
  ids: number[],
  now: Date,
  seen?: Visibility,
): Promise<Availability[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("event_bookings")
    .innerJoin("events", "events.id", "event_bookings.event_id")
    .selectAll("event_bookings")
    .select("events.date as event_date")
    .select((eb) => [
      eb
        .selectFrom("bookings")
        .select((b) =>
          b.fn.coalesce(b.fn.sum<number | string>(b(b.ref("adults"), "+", b.ref("children"))), b.lit(0)).as("n"),
        )
        .whereRef("bookings.event_id", "=", "event_bookings.event_id")
        .where("bookings.status", "=", "confirmed")
        .as("taken"),
      eb
        .selectFrom("bookings")
        .select((b) => b.fn.countAll<number | string>().as("n"))
        .whereRef("bookings.event_id", "=", "event_bookings.event_id")
        .where("bookings.status", "=", "waiting")
        .as("waiting"),
    ])
    .where("event_bookings.event_id", "in", ids)
    .$if(seen !== undefined, (query) => query.where(seenBy(seen ?? { scope: "all", now })))
    .execute();
  return rows.map((row) => {
    const settings = settingsOf(row);
    const taken = Number(row.taken ?? 0);
    const closesAt = settings.closesAt ?? row.event_date;
    const open = now.getTime() < Date.parse(closesAt) && now.getTime() < Date.parse(row.event_date);
    return {
      ...settings,
      eventId: row.event_id,
      taken,
      left: Math.max(settings.places - taken, 0),
      waiting: Number(row.waiting ?? 0),
      closesAt,
      open,
      startsAt: row.event_date,
    };
  });
}

export async function availabilityOfOne(
  db: Kysely<Database>,
  eventId: number,
  now: Date,
): Promise<Availability | undefined> {
  return (await availabilityOf(db, [eventId], now))[0];
}
