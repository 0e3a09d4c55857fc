import { formatEventWhen, toDateTimeInput } from "../../dates";
import { PER_BOOKING_DEFAULT, plural, TICKED, type BookingFormValues } from "./booking-words";

/**
 * The event form's booking fields as the page starts them (docs/product.md, 'Bookings'):
 * here, not in a server module, as the page makes an edit form's values itself.
 */

/** What `GET /api/admin/events/{id}/booking` answers (the bookings contract). */
export type BookingSettings =
  | { mode: "external" }
  | {
      mode: "site";
      places: number;
      maxPerBooking: number;
      askChild: boolean;
      closesAt: string | null;
      waitingList: boolean;
    };

/** A new event: booked on another site, as the product spec has it; the site's own settings at their defaults. */
export const BLANK_BOOKING: BookingFormValues = {
  bookingMode: "external",
  places: "",
  maxPerBooking: String(PER_BOOKING_DEFAULT),
  askChild: "",
  closesAt: "",
  waitingList: TICKED,
};

/** An event's stored settings as its edit form shows them (closing time in the site's zone). */
export function bookingFormValues(settings: BookingSettings, timeZone: string): BookingFormValues {
  if (settings.mode === "external") return BLANK_BOOKING;
  return {
    bookingMode: "site",
    places: String(settings.places),
    maxPerBooking: String(settings.maxPerBooking),
    askChild: settings.askChild ? TICKED : "",
    closesAt: settings.closesAt ? toDateTimeInput(settings.closesAt, timeZone) : "",
    waitingList: settings.waitingList ? TICKED : "",
  };
}

/**
 * An event's settings in a volunteer's words, as an edit conflict shows them side by side
 * (docs/product.md, 'No edit lost'): 'Booked on another site', or 'Booked on this site:
 * 12 places, at most 4 a booking, no waiting list, closes April 9, 2026 · 7:00pm'.
 */
export function bookingWords(settings: BookingSettings, timeZone: string): string {
  if (settings.mode === "external") return "Booked on another site";
  const parts = [
    plural(settings.places, "place", "places"),
    `at most ${settings.maxPerBooking} a booking`,
    ...(settings.askChild ? ["asks for the child and class"] : []),
    settings.waitingList ? "waiting list" : "no waiting list",
    settings.closesAt ? `closes ${formatEventWhen(settings.closesAt, timeZone)}` : "closes when the event starts",
  ];
  return `Booked on this site: ${parts.join(", ")}`;
}
