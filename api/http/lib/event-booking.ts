import type { Kysely } from "kysely";
import { z } from "zod";
import { queueBookingMail } from "../../mail/booking-mail";
import {
  availabilityOfOne,
  readBookingSettings,
  removeBookingSettings,
  saveBookingSettings,
} from "../../store/booking-settings";
import { hasLiveBookings } from "../../store/booking-rows";
import { admitFromWaitingList } from "../../store/bookings";
import type { EventItem } from "../../store/events";
import type { Database } from "../../store/schema";
import type { ApiDeps } from "./context";
import { ApiError } from "./errors";
import { dateTime } from "./validation";

/**
 * How parents book an event (docs/product.md, 'Bookings'): the optional `booking` field
 * of the product spec's event calls. Booked on this site, the event's bookingUrl is the
 * site's own booking page, so the spec's Book Now dialog frames it and the spec's calls
 * keep their shapes.
 */

const whole = (min: number, max: number) =>
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`);

export const eventBookingSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("external") }),
    z.object({
      mode: z.literal("site"),
      places: whole(1, 1_000),
      maxPerBooking: whole(1, 50).default(6),
      askChild: z.boolean({ error: "must be true or false" }).default(false),
      closesAt: dateTime().nullable().default(null),
      waitingList: z.boolean({ error: "must be true or false" }).default(true),
    }),
  ],
  { error: 'must be {mode: "external"} or {mode: "site", places, …}' },
);

export type EventBooking = z.output<typeof eventBookingSchema>;

export const ownBookingUrl = (siteUrl: string, eventId: number) => `${siteUrl}/events/${eventId}/book`;

/**
 * Booked on this site, the bookingUrl may be left out: the site fills it in (its own
 * page, made once the event has an id). Anything else is checked as the spec says.
 */
export function fillOwnBookingUrl(siteUrl: string) {
  return (raw: unknown) => {
    if (typeof raw !== "object" || raw === null) return raw;
    const body = raw as Record<string, unknown>;
    const booking = body.booking as { mode?: unknown } | undefined;
    if (booking?.mode !== "site" || (body.bookingUrl !== undefined && body.bookingUrl !== "")) return raw;
    return { ...body, bookingUrl: `${siteUrl}/events/new/book` };
  };
}

/**
 * Applies an event call's `booking` (left out: unchanged) in the call's transaction:
 * saves or removes the settings, points bookingUrl at the site's own page, and lets in
 * whoever waits when there are more places. Answers the event as stored.
 */
export async function applyEventBooking(
  trx: Kysely<Database>,
  deps: ApiDeps,
  item: EventItem,
  booking: EventBooking | undefined,
  now: Date,
): Promise<EventItem> {
  const current = await readBookingSettings(trx, item.id);
  if (booking?.mode === "external") {
    if (current && (await hasLiveBookings(trx, item.id))) {
      throw new ApiError(409, "This event has bookings: cancel them before booking moves to another site.", {
        field: "booking.mode",
      });
    }
    if (current) await removeBookingSettings(trx, item.id);
    return item;
  }
  if (booking?.mode === "site") {
    const availability = await availabilityOfOne(trx, item.id, now);
    if (availability && booking.places < availability.taken) {
      throw new ApiError(400, `booking.places: must be at least the ${availability.taken} places already booked`, {
        field: "booking.places",
      });
    }
    await saveBookingSettings(trx, item.id, booking);
    for (const admitted of await admitFromWaitingList(trx, item.id, now)) {
      await queueBookingMail(trx, deps.mail, item, admitted, { kind: "admitted" }, now);
    }
  } else if (!current) {
    return item;
  }
  const url = ownBookingUrl(deps.mail.settings.siteUrl, item.id);
  if (item.bookingUrl === url) return item;
  await trx.updateTable("events").set({ booking_url: url }).where("id", "=", item.id).execute();
  return { ...item, bookingUrl: url };
}
