import { z } from "zod";
import { isoDateProblem, NOT_A_DATE } from "../../../../common/date-range";
import { coded, dateIssue } from "../../../../common/field-problems";
import { isHttpUrl } from "../../../../common/text-limits";
import { fromLocalInput } from "../../dates";
import { siteOrigin } from "../../security/origin.server";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import {
  PER_BOOKING_DEFAULT,
  PER_BOOKING_MAX,
  PLACES_MAX,
  TICKED,
  type BookingFormValues,
  type BookingMode,
} from "./booking-words";
import { bookingWords, type BookingSettings } from "./booking-form";

/**
 * How parents book an event (docs/product.md, 'Bookings'): the event form's fields, the
 * `booking` object the /api takes and answers, and the settings the edit form starts from.
 */

/** What `GET /api/admin/events/{id}/booking` answers (the bookings contract), and an edit conflict's `booking`. */
export const bookingSettingsSchema: z.ZodType<BookingSettings> = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("external") }),
  z.object({
    mode: z.literal("site"),
    places: z.number(),
    maxPerBooking: z.number(),
    askChild: z.boolean(),
    closesAt: z.string().nullable(),
    waitingList: z.boolean(),
  }),
]);

/** Settings kept in a revision (as its JSON, docs/product.md, 'History') in words; anything else as it is. */
export function bookingWordsOfStored(stored: string, timeZone: string): string {
  try {
    const settings = bookingSettingsSchema.safeParse(JSON.parse(stored));
    return settings.success ? bookingWords(settings.data, timeZone) : stored;
  } catch {
    return stored;
  }
}

/**
 * The settings of the event an edit form is open on. An /api without bookings (404)
 * books every event elsewhere, so the form shows the product spec's form as it was.
 */
export async function readBookingSettings(admin: AdminUpstream, eventId: string): Promise<BookingSettings> {
  try {
    return await admin.getJson(`/api/admin/events/${encodeURIComponent(eventId)}/booking`, bookingSettingsSchema);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return { mode: "external" };
    throw error;
  }
}

/** The booking fields of the event form, as posted: checked together below, as they depend on the mode. */
export const bookingFormShape = {
  bookingMode: z.enum(["external", "site"], { error: "must be one of the choices" }).optional(),
  places: z.string().optional(),
  maxPerBooking: z.string().optional(),
  askChild: z.string().optional(),
  closesAt: z.string().optional(),
  waitingList: z.string().optional(),
};

type PostedBooking = { bookingMode?: BookingMode } & Partial<Record<keyof BookingFormValues, string>>;

function wholeNumberIn(raw: string, min: number, max: number): number | null {
  const value = raw.trim();
  if (!/^\d{1,7}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

type Issue = { code: "custom"; path: string[]; message: string; params: { code: string } };

/**
 * What is wrong with the site's own booking settings, when they are chosen; nothing is
 * checked for an event booked on another site (its fields may be posted, hidden, without JavaScript).
 */
export function bookingProblems(posted: PostedBooking, timeZone: string): Issue[] {
  if (posted.bookingMode !== "site") return [];
  const issues: Issue[] = [];
  const add = (field: keyof BookingFormValues, rule: ReturnType<typeof coded>) =>
    issues.push({ code: "custom", path: [field], ...rule });
  const places = posted.places?.trim() ?? "";
  if (!places) add("places", coded("required", "is required"));
  else if (wholeNumberIn(places, 1, PLACES_MAX) === null)
    add("places", coded("invalid", `must be a whole number from 1 to ${PLACES_MAX.toLocaleString("en-GB")}`));
  const most = posted.maxPerBooking?.trim() ?? "";
  if (most && wholeNumberIn(most, 1, PER_BOOKING_MAX) === null)
    add("maxPerBooking", coded("invalid", `must be a whole number from 1 to ${PER_BOOKING_MAX}`));
  const closes = posted.closesAt?.trim() ?? "";
  if (closes) {
    const iso = fromLocalInput(closes, timeZone);
    const problem = iso === null ? NOT_A_DATE : isoDateProblem(iso);
    if (problem) {
      const issue = dateIssue(problem);
      issues.push({ code: "custom", path: ["closesAt"], message: issue.message, params: issue.params });
    }
  }
  return issues;
}

/**
 * The `booking` object of the bookings contract, from fields bookingProblems passed; none
 * when the form had no choice (a form from before bookings), so the /api keeps what it has.
 */
export function bookingOf(posted: PostedBooking, timeZone: string) {
  if (posted.bookingMode === undefined) return undefined;
  if (posted.bookingMode === "external") return { mode: "external" as const };
  const closes = posted.closesAt?.trim();
  return {
    mode: "site" as const,
    places: Number(posted.places),
    maxPerBooking: posted.maxPerBooking?.trim() ? Number(posted.maxPerBooking) : PER_BOOKING_DEFAULT,
    askChild: posted.askChild === TICKED,
    closesAt: closes ? fromLocalInput(closes, timeZone) : null,
    waitingList: posted.waitingList === TICKED,
  };
}

/**
 * The booking URL sent for an event booked on this site: the /api stores the site's own
 * booking page whatever comes, so what was typed is sent when it is an address, else the
 * site's events page stands in (the field is not needed, and may be left empty).
 */
export function siteBookingUrl(typed: string | undefined): string {
  const value = typed?.trim() ?? "";
  return isHttpUrl(value) ? value : `${siteOrigin()}/events`;
}
