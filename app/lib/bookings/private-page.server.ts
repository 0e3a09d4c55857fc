import { json, type AppLoadContext } from "@remix-run/node";
import { readFormBody } from "../form-body.server";
import { formatDate, formatEventTime, isPast } from "../dates";
import { BOOKING_PAGE_HEADERS, privatePageMeta } from "../private-page.server";
import { siteInfo } from "../site.server";
import { upstreamFetch, UpstreamError } from "../upstream/client.server";
import { fromUpstream } from "../upstream/from-upstream.server";
import { bookingSchema, type Booking } from "./answers.server";
import { childOf, partyOf, problemOf, valuesOf, type BookingValues, type FormProblem } from "./form.server";
import { bookingStateText, partyText, placesText } from "./words.server";

/**
 * /bookings/{token}, the private link (docs/product.md, 'Bookings'): the booking, a form
 * to change its numbers and a cancel button behind a confirmation (?cancel=1, its own
 * page state, with or without JavaScript). A GET changes nothing; only the POSTs do.
 */

/** A token as the /api makes them (128 random bits, base64url); anything else is a dead link at once. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** A private link never leaves the site in a Referer, also when the site's own script opened the page. */
const meta = () => privatePageMeta("Your booking", { referrer: "same-origin" });

function tokenOf(raw: string | undefined): string | null {
  return raw && TOKEN.test(raw) ? raw : null;
}

function bookingPath(token: string): string {
  return `/api/bookings/${token}`;
}

/** The booking as the page shows it. */
function bookingView(booking: Booking, now: string) {
  const site = siteInfo();
  const { availability, event } = booking;
  const live = booking.status !== "cancelled";
  const started = isPast(event.date, now);
  return {
    event: {
      name: event.name,
      dateText: formatDate(event.date, site.timeZone),
      timeText: formatEventTime(event.date, site.timeZone),
    },
    name: booking.name,
    status: booking.status,
    stateText: bookingStateText(booking),
    partyText: partyText(booking.adults, booking.children),
    adults: booking.adults,
    children: booking.children,
    childName: booking.childName,
    childClass: booking.childClass,
    placesText: availability.mode === "site" ? placesText(availability, "booking page") : null,
    maxPerBooking: availability.mode === "site" ? availability.maxPerBooking : null,
    askChild: availability.mode === "site" && availability.askChild,
    // The numbers change while bookings are open; a booking can be cancelled until the event starts.
    canChange: live && availability.mode === "site" && availability.open,
    canCancel: live && !started,
  };
}

export type BookingView = ReturnType<typeof bookingView>;

async function readBooking(context: AppLoadContext, token: string): Promise<Booking | null> {
  try {
    return bookingSchema.parse(await (await upstreamFetch(context, bookingPath(token))).json());
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** The page: the booking, or 'This link no longer works.' with a 404. ?cancel=1 asks to confirm the cancelling. */
export async function privateBookingPageData(request: Request, context: AppLoadContext, rawToken: string | undefined) {
  const token = tokenOf(rawToken);
  const found = token ? await fromUpstream(() => readBooking(context, token)) : null;
  const booking = found ? bookingView(found, new Date().toISOString()) : null;
  const confirmCancel = Boolean(booking?.canCancel) && new URL(request.url).searchParams.get("cancel") === "1";
  return json({ booking, confirmCancel, meta: meta() }, { status: booking ? 200 : 404, headers: BOOKING_PAGE_HEADERS });
}

export type PrivateBookingResult =
  | { outcome: "changed"; message: string }
  | { outcome: "cancelled"; message: string }
  | { outcome: "refused"; problem: FormProblem; values: BookingValues }
  | { outcome: "dead" };

/** The private page's forms: change the numbers (PUT) or, once confirmed, cancel (DELETE). */
export async function changePrivateBooking(request: Request, context: AppLoadContext, rawToken: string | undefined) {
  const { fields } = await readFormBody(request);
  const token = tokenOf(rawToken);
  const answer = (result: PrivateBookingResult, status = 200) =>
    json(result, { status, headers: BOOKING_PAGE_HEADERS });
  if (!token) return answer({ outcome: "dead" }, 404);
  const values = valuesOf(fields);
  try {
    if (fields.intent === "cancel") {
      await upstreamFetch(context, bookingPath(token), { method: "DELETE" });
      return answer({
        outcome: "cancelled",
        message: "Your booking is cancelled.",
      });
    }
    const party = partyOf(values);
    if ("message" in party) return answer({ outcome: "refused", problem: party, values }, 400);
    const changed = bookingSchema.parse(
      await (
        await upstreamFetch(context, bookingPath(token), { method: "PUT", json: { ...party, ...childOf(values) } })
      ).json(),
    );
    return answer({ outcome: "changed", message: `Your booking is changed. ${bookingStateText(changed)}` });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return answer({ outcome: "dead" }, 404);
    const { problem, status } = problemOf(error);
    return answer({ outcome: "refused", problem, values }, status);
  }
}
