/**
 * What the booking pages and the event cards say about places and bookings, word for
 * word as docs/product.md, 'Bookings' has them. Plain functions of numbers: the loaders
 * call them, so the words reach the browser as text, never as code.
 */
export interface PlacesState {
  open: boolean;
  left: number;
  waitingList: boolean;
}

/**
 * '12 places left', '1 place left', 'Fully booked' and, with a waiting list, 'Fully
 * booked — join the waiting list' on the booking page (where the form joins it) or
 * 'Fully booked — waiting list open' beside Book Now; 'Bookings are closed' once closed.
 */
export function placesText(state: PlacesState, where: "booking page" | "card"): string {
  if (!state.open) return "Bookings are closed";
  if (state.left > 0) return `${state.left} ${state.left === 1 ? "place" : "places"} left`;
  if (!state.waitingList) return "Fully booked";
  return where === "booking page" ? "Fully booked — join the waiting list" : "Fully booked — waiting list open";
}

function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '2 adults, 3 children', '1 adult', '2 children': a count of none is left out. */
export function partyText(adults: number, children: number): string {
  const parts = [];
  if (adults > 0) parts.push(counted(adults, "adult", "adults"));
  if (children > 0) parts.push(counted(children, "child", "children"));
  return parts.join(", ");
}

/** 'You're booked: 2 adults, 3 children' or 'You're on the waiting list (number 3)'. */
export function bookingStateText(booking: {
  status: "confirmed" | "waiting" | "cancelled";
  position?: number | null;
  adults: number;
  children: number;
}): string {
  if (booking.status === "cancelled") return "This booking is cancelled.";
  if (booking.status === "waiting") return `You're on the waiting list (number ${booking.position ?? 1})`;
  return `You're booked: ${partyText(booking.adults, booking.children)}`;
}

export const KEEP_LINK_TEXT = "Keep this link: it lets you change or cancel your booking";

export function retentionText(days: number): string {
  return `We keep your details until ${days} days after the event, then delete them.`;
}

/** The /api's answer to a second booking with the same address (docs/product.md, 'Bookings'). */
export const DUPLICATE_MESSAGE =
  "This e-mail address already has a booking for this event. We've e-mailed you its link.";
