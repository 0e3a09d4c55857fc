/**
 * The organiser's words for bookings on the club's own site (docs/product.md, 'Bookings'),
 * apart from the routes so their tests read them too.
 */

/** The event form's booking fields, by the names the form posts, with their labels. */
export const BOOKING_LABELS = {
  bookingMode: "How do parents book?",
  places: "Places",
  maxPerBooking: "Most people in one booking",
  // Not 'first name': the SPEC's tests find the event's 'Name' field by a part of its label.
  askChild: "Ask for the child and class",
  closesAt: "Bookings close",
  waitingList: "Waiting list",
} as const;

/** The event form's booking fields, one string each, as the form posts them. */
export type BookingFormValues = { [K in keyof typeof BOOKING_LABELS]: string };

/**
 * The /api names a booking setting's problem `booking.places` and so on: the form field
 * it shows at. `booking.mode` has no label of its own in the sentence: its message is one.
 */
export const BOOKING_API_FIELDS: Readonly<Record<string, keyof typeof BOOKING_LABELS>> = {
  "booking.mode": "bookingMode",
  "booking.places": "places",
  "booking.maxPerBooking": "maxPerBooking",
  "booking.askChild": "askChild",
  "booking.closesAt": "closesAt",
  "booking.waitingList": "waitingList",
};

/** The labels the /api's names of the booking fields are told with ("Places must be at least …"). */
export const BOOKING_API_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BOOKING_API_FIELDS).map(([apiField, field]) => [
    apiField,
    field === "bookingMode" ? "" : BOOKING_LABELS[field],
  ]),
);

export const BOOKING_MODES = [
  { value: "external", label: "On another site" },
  { value: "site", label: "On this site" },
] as const;
export type BookingMode = (typeof BOOKING_MODES)[number]["value"];

/** The limits the /api holds (the bookings contract). */
export const PLACES_MAX = 1000;
export const PER_BOOKING_MAX = 50;
export const PER_BOOKING_DEFAULT = 6;

/** A checkbox's value as a form posts it when ticked. */
export const TICKED = "on";

/** 'Bookings: 28 of 40 (3 waiting)' on Manage Events; '(3 waiting)' only when some wait. */
export function bookingsLine({ taken, places, waiting }: { taken: number; places: number; waiting: number }): string {
  return `Bookings: ${taken} of ${places}${waiting > 0 ? ` (${waiting} waiting)` : ""}`;
}

/** The door list's address: its page and order kept, the defaults left out. */
export function doorListHref(eventId: string, { page, sort }: { page: number; sort: DoorSort }, extra = ""): string {
  const params = new URLSearchParams();
  if (sort !== "class") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  const path = `/admin/events/${encodeURIComponent(eventId)}/bookings`;
  return `${path}${query ? `?${query}` : ""}${extra}`;
}

export const DOOR_SORTS = [
  { value: "class", label: "Class and child" },
  { value: "name", label: "Name" },
] as const;
export type DoorSort = (typeof DOOR_SORTS)[number]["value"];

const STATUS_WORDS: Record<string, string> = {
  confirmed: "Booked",
  waiting: "Waiting",
  cancelled: "Cancelled",
};

/** A booking's state on the door list: 'Booked', 'Waiting (number 2)', 'Cancelled'. */
export function statusWords(status: string, position: number | null): string {
  const word = STATUS_WORDS[status] ?? status;
  return status === "waiting" && position ? `${word} (number ${position})` : word;
}

/** 'the child and class' cell: 'Maya, 3B', 'Maya', '3B' or ''. */
export function childWords(childName: string | null, childClass: string | null): string {
  return [childName, childClass].filter(Boolean).join(", ");
}

/** '1 adult', '3 places'. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 adults, 3 children', '1 adult', '3 children': a count of 0 is left out. */
export function partyWords(adults: number, children: number): string {
  const parts = [];
  if (adults > 0) parts.push(plural(adults, "adult", "adults"));
  if (children > 0) parts.push(plural(children, "child", "children"));
  return parts.join(", ");
}
