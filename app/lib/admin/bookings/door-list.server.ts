import { z } from "zod";
import { BOOKING_LIMITS, TEXT_LIMITS, tooLong } from "../../../../common/text-limits";
import { ITEM_ID } from "../../item-id";
import { notFound } from "../../not-found.server";
import type { Notice } from "../../notifications";
import { PAGE_NUMBER } from "../../paging/page-number";
import { readEvent } from "../../upstream/club-lists.server";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { formFailure } from "../forms/mutation.server";
import { firstProblem, parseForm, requiredField } from "../forms/schemas.server";
import { bookingsLine, DOOR_SORTS, partyWords, type DoorSort } from "./booking-words";

/**
 * The door list of one event booked on this site (docs/product.md, 'Bookings'): what the
 * screen's address asks for, the /api's answers, and its three changes (a booking added
 * by hand, one cancelled, bookings closed now).
 */

/** What the /api says of an event's places (the bookings contract's Availability). */
export const availabilitySchema = z.object({
  mode: z.literal("site"),
  places: z.number(),
  taken: z.number(),
  left: z.number(),
  waiting: z.number(),
  closesAt: z.string(),
  open: z.boolean(),
  maxPerBooking: z.number(),
  askChild: z.boolean(),
  waitingList: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;

const doorRowSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  email: z.string().nullable(),
  adults: z.number(),
  children: z.number(),
  childName: z.string().nullable(),
  childClass: z.string().nullable(),
  status: z.string(),
  position: z.number().nullable().optional(),
  createdAt: z.string(),
  byHand: z.boolean().optional(),
});
export type DoorRow = z.infer<typeof doorRowSchema>;

const doorListSchema = z.object({
  items: z.array(doorRowSchema),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  availability: z.union([availabilitySchema, z.object({ mode: z.literal("external") })]),
});

export interface DoorView {
  eventId: string;
  page: number;
  sort: DoorSort;
}

/** The screen's address: the event, its page (`page`) and order (`sort`); a page number that is not one is not found. */
export function doorViewOf(request: Request, eventId: string | undefined): DoorView {
  if (!eventId || !ITEM_ID.test(eventId)) notFound();
  const params = new URL(request.url).searchParams;
  const page = params.get("page");
  if (page !== null && !PAGE_NUMBER.test(page)) notFound();
  const sort = DOOR_SORTS.find((choice) => choice.value === params.get("sort"))?.value ?? "class";
  return { eventId, page: page === null ? 1 : Number(page), sort };
}

const eventPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}`;

/**
 * The event and a page of its door list with the counts. An event that is not there, or
 * booked on another site, or a page past the last, is not found.
 */
export async function readDoorList(admin: AdminUpstream, view: DoorView) {
  const query = new URLSearchParams({ page: String(view.page), sort: view.sort });
  const [event, list] = await Promise.all([
    readEvent(admin.send, view.eventId),
    admin.getJson(`${eventPath(view.eventId)}/bookings?${query}`, doorListSchema).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.status === 404) notFound();
      throw error;
    }),
  ]);
  const { availability } = list;
  if (!event || availability.mode !== "site") notFound();
  return { event: { id: event.id, name: event.name, date: event.date }, list, availability };
}

/* The form for a booking taken by hand (a phone call): the /api's limits, checked first. */

export const ADD_LABELS = {
  name: "Name",
  email: "E-mail (optional)",
  adults: "Adults",
  children: "Children",
  childName: "Child's first name",
  childClass: "Class",
} as const;

const count = z
  .string()
  .optional()
  .transform((value) => value?.trim() || "0")
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, "must be a whole number, 0 or more")
      .transform(Number),
  );

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().max(max, tooLong(max)).optional());

const addSchema = z.object({
  name: requiredField(BOOKING_LIMITS.name),
  email: optionalText(TEXT_LIMITS.email).refine((value) => value === undefined || /^[^\s@]+@[^\s@]+$/.test(value), {
    message: "must be an e-mail address",
    params: { code: "email" },
  }),
  adults: count,
  children: count,
  childName: optionalText(BOOKING_LIMITS.childName),
  childClass: optionalText(BOOKING_LIMITS.childClass),
});

type Change = "add" | "cancel" | "close";

/** What each change's notice says; the add's and cancel's tell what the /api answered. */
const FAILED: Record<Change, string> = {
  add: "Failed to add the booking",
  cancel: "Failed to cancel the booking",
  close: "Failed to close bookings",
};

export function changeFailure(change: Change) {
  return (error: string): Notice => ({ kind: "error", title: FAILED[change], description: error });
}

const addedSchema = z.object({ status: z.string(), position: z.number().nullable().optional() });

/** Checks the add form; its problems at their fields, or the body the /api takes. */
export function checkAddForm(fields: Record<string, string>) {
  const submission = parseForm(addSchema, fields, ADD_LABELS);
  if (submission.status !== "success") {
    const problem = firstProblem(submission.status === "error" ? submission.error : undefined);
    return { failure: formFailure(changeFailure("add")(problem), submission.reply()) };
  }
  return { body: submission.value, reply: submission.reply };
}

/** Adds a booking by hand; the notice says where it went: 'Sam Patel is booked: 2 adults, 1 child'. */
export async function addBooking(
  admin: AdminUpstream,
  eventId: string,
  body: z.infer<typeof addSchema>,
): Promise<Notice> {
  const answer = addedSchema.parse(
    await (await admin.send(`${eventPath(eventId)}/bookings`, { method: "POST", json: body })).json(),
  );
  const description =
    answer.status === "waiting"
      ? `${body.name} is on the waiting list${answer.position ? ` (number ${answer.position})` : ""}.`
      : `${body.name} is booked: ${partyWords(body.adults, body.children)}.`;
  return { kind: "success", title: "Booking added", description };
}

/** Cancels a booking; the waiting list fills itself, and the notice says how the event stands now. */
export async function cancelBooking(admin: AdminUpstream, eventId: string, bookingId: string): Promise<Notice> {
  await admin.send(`/api/admin/bookings/${encodeURIComponent(bookingId)}`, { method: "DELETE" });
  const now = await admin.getJson(`/api/events/${encodeURIComponent(eventId)}/availability`, availabilitySchema);
  return { kind: "success", title: "Booking cancelled", description: `${bookingsLine(now)}.` };
}

/** Closes bookings now: parents can no longer book (the organiser still can, by hand). */
export async function closeBookings(admin: AdminUpstream, eventId: string): Promise<Notice> {
  await admin.send(`${eventPath(eventId)}/bookings/close`, { method: "POST" });
  return {
    kind: "success",
    title: "Bookings closed",
    description: "Parents can no longer book this event. You can still add bookings by hand.",
  };
}
