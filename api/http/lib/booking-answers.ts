import { z } from "zod";
import type { Availability } from "../../store/booking-settings";
import type { Booking } from "../../store/booking-rows";
import { BOOKING_LIMITS } from "../../../common/text-limits";
import { ApiError } from "./errors";
import { optionalPersonName, personName } from "./person-names";
import { emailAddress, idListQuery, optionalText } from "./validation";

/**
 * What the booking calls answer and take (docs/product.md, 'Bookings'), the same for the
 * family's calls and the organiser's.
 */

export const DEAD_BOOKING_LINK = "This link no longer works.";
export const CLOSED_MESSAGE = "Bookings are closed";
export const DUPLICATE_MESSAGE =
  "This e-mail address already has a booking for this event. We've e-mailed you its link.";

export const onlyLeft = (left: number) =>
  left === 0 ? "Fully booked" : `Only ${left} place${left === 1 ? "" : "s"} left`;

/** The availability as the /api answers it (the event's start stays inside). */
export function availabilityAnswer(availability: Availability, retentionDays: number) {
  return {
    mode: "site" as const,
    places: availability.places,
    taken: availability.taken,
    left: availability.left,
    waiting: availability.waiting,
    closesAt: availability.closesAt,
    open: availability.open,
    maxPerBooking: availability.maxPerBooking,
    askChild: availability.askChild,
    waitingList: availability.waitingList,
    retentionDays,
  };
}

const count = () =>
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, `must be 0 or more`)
    .max(1_000, `must be at most 1000`);

/** `?ids=1,2,3`: the events a page lists (1–50), each once. */
export const eventIdsQuery = z.object({ ids: idListQuery(50, "must be 1 to 50 ids separated by commas") });

/** Who comes: the numbers, and the child when the event asks. */
export const partyFields = {
  adults: count(),
  children: count(),
  childName: optionalPersonName(BOOKING_LIMITS.childName),
  childClass: optionalText(BOOKING_LIMITS.childClass),
};

export const partySchema = z.object(partyFields);

/** Who booked, as the family or the organiser types it: a name, not a message. */
export const bookerName = personName(BOOKING_LIMITS.name);

export const bookingSchema = z.object({
  name: bookerName,
  email: emailAddress(),
  ...partyFields,
});

/** The party's checks that depend on the event: its size, and the child when asked for. */
export function checkParty(
  party: { adults: number; children: number; childName: string | null; childClass: string | null },
  availability: Pick<Availability, "maxPerBooking" | "askChild">,
): void {
  const size = party.adults + party.children;
  if (size < 1) throw fieldProblem("adults", "must be at least 1 with the children");
  if (size > availability.maxPerBooking) {
    throw fieldProblem("adults", `must be at most ${availability.maxPerBooking} with the children`);
  }
  if (availability.askChild && party.children > 0) {
    if (!party.childName) throw fieldProblem("childName", "is required");
    if (!party.childClass) throw fieldProblem("childClass", "is required");
  }
}

export function fieldProblem(field: string, message: string): ApiError {
  return new ApiError(400, `${field}: ${message}`, { field });
}

/** A booking as the family's private page and the /api show it. */
export function bookingAnswer(
  booking: Booking,
  event: { id: number; name: string; date: string },
  position: number | null,
  availability: ReturnType<typeof availabilityAnswer>,
) {
  return {
    event,
    name: booking.name,
    email: booking.email,
    adults: booking.adults,
    children: booking.children,
    childName: booking.child_name,
    childClass: booking.child_class,
    status: booking.status,
    position,
    createdAt: booking.created_at,
    availability,
  };
}
