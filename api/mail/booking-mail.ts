import type { Kysely } from "kysely";
import { formatDateTime } from "../../common/date-time-text";
import { eventCalendar, type CalendarEvent } from "../../common/event-calendar";
import type { Booking } from "../store/booking-rows";
import { seriesPlaceOf } from "../store/series-calendars";
import type { Database } from "../store/schema";
import type { MailContent } from "./compose";
import { queueMail } from "./outbox";
import type { MailDeps, MailSettings } from "./settings";

/**
 * The e-mails a family gets about its booking (docs/product.md, 'Bookings'), each queued
 * in the transaction that made the change: booked or on the waiting list (with the
 * private link), a place come up, the private link again, and the reminder two days
 * before. A booking taken by hand without an address gets none.
 *
 * Nobody proves a booking's address is theirs (the private link is in the booking's
 * answer too, so even its use proves nothing), so every one of these goes to an address
 * that may be a stranger's: none quotes the name, the child's name or anything else typed
 * on the form. They greet "Hello," and say only the club's own words and the numbers.
 */

/** The event as the e-mails tell it, with what its calendar file says. */
export type BookedEvent = CalendarEvent & { id: number };

export type BookingMail =
  | { kind: "placed"; url: string; position: number | null }
  | { kind: "admitted" }
  | { kind: "link"; url: string }
  | { kind: "reminder" };

/** What the e-mails may say of a booking: its numbers, never its free text (see above). */
type Told = Pick<Booking, "adults" | "children">;

const people = (booking: Told) =>
  [
    booking.adults > 0 ? `${booking.adults} adult${booking.adults === 1 ? "" : "s"}` : null,
    booking.children > 0 ? `${booking.children} ${booking.children === 1 ? "child" : "children"}` : null,
  ]
    .filter(Boolean)
    .join(", ");

/** The words "You're booked: 2 adults, 3 children", as the booking page says them too. */
export const bookedWords = (booking: Told) => `You're booked: ${people(booking)}`;
export const waitingWords = (position: number) => `You're on the waiting list (number ${position})`;

export function bookingMailContent(
  settings: MailSettings,
  event: BookedEvent,
  booking: Told,
  mail: BookingMail,
): MailContent {
  const when = formatDateTime(event.date, settings.timeZone);
  const what = `${event.name}, ${when}`;
  const eventUrl = `${settings.siteUrl}/events/${event.id}`;
  const calendar = `Add it to your calendar: ${settings.siteUrl}/events/${event.id}.ics`;
  const lostLink = `Your private link to change or cancel is in the e-mail we sent when you booked; lost it? ${settings.siteUrl}/events/${event.id}/book has 'E-mail me my link'.`;
  const hello = "Hello,";
  switch (mail.kind) {
    case "placed":
      return mail.position === null
        ? {
            subject: `${bookedWords(booking)} for ${event.name}`,
            intro: [hello, `${bookedWords(booking)} for ${what}.`, calendar, KEEP_LINK],
            action: { text: "Change or cancel your booking", href: mail.url },
          }
        : {
            subject: `${waitingWords(mail.position)} for ${event.name}`,
            intro: [
              hello,
              `${event.name} is fully booked. ${waitingWords(mail.position)}: if places come free, you'll be booked in your turn and we'll e-mail you.`,
              KEEP_LINK,
            ],
            action: { text: "Change or cancel your booking", href: mail.url },
          };
    case "admitted":
      return {
        subject: `A place has come up: you're booked for ${event.name}`,
        intro: [hello, `A place has come up: ${bookedWords(booking)} for ${what}.`, calendar, lostLink],
        action: { text: "See the event", href: eventUrl },
      };
    case "link":
      return {
        subject: `Your booking for ${event.name}`,
        intro: [
          hello,
          `Here is the private link to your booking for ${what}.`,
          "Someone, hopefully you, asked for it on our website. If it wasn't you, there is nothing to do: your booking stays as it is.",
          KEEP_LINK,
        ],
        action: { text: "Change or cancel your booking", href: mail.url },
      };
    case "reminder":
      return {
        subject: `See you soon: ${event.name}`,
        intro: [hello, `A reminder: ${bookedWords(booking)} for ${what}.`, lostLink],
        action: { text: "See the event", href: eventUrl },
      };
  }
}

export const KEEP_LINK = "Keep this link: it lets you change or cancel your booking";

/**
 * Queues one of the e-mails above to the booking's address, keyed so that each is sent
 * once: `booking-{kind}:{id}`, with the moment for the ones that may come again (a new
 * link, a second admission after a change).
 */
export async function queueBookingMail(
  db: Kysely<Database>,
  deps: MailDeps,
  event: BookedEvent,
  booking: Booking,
  mail: BookingMail,
  now: Date,
): Promise<void> {
  if (!booking.email) return;
  const once = mail.kind === "reminder" || mail.kind === "placed";
  // The e-mails that say "you're booked" carry the event for the family's calendar.
  const booked = mail.kind === "admitted" || (mail.kind === "placed" && mail.position === null);
  const calendar = booked ? await bookedCalendar(db, deps.settings, event, now) : null;
  await queueMail(
    db,
    deps,
    {
      key: `booking-${mail.kind}:${booking.id}${once ? "" : `:${now.getTime()}`}`,
      kind: "booking",
      bookingId: booking.id,
      to: booking.email,
      content: bookingMailContent(deps.settings, event, booking, mail),
      calendar,
    },
    now,
  );
}

/**
 * The event's calendar file for a booking e-mail: published by the club, its ORGANIZER (RFC
 * 5546 §3.2.1), and, for a date of a series, that date of the subscription's entry.
 */
async function bookedCalendar(db: Kysely<Database>, settings: MailSettings, event: BookedEvent, now: Date) {
  const site = { origin: new URL(settings.siteUrl).origin, timeZone: settings.timeZone, now: now.toISOString() };
  const organizer = { name: settings.siteName, email: settings.replyTo ?? settings.from };
  return eventCalendar(event, site, { publish: true, organizer, series: await seriesPlaceOf(db, event.id) });
}
