import { json, type AppLoadContext } from "@remix-run/node";
import { readFormBody } from "../form-body.server";
import { formatDate, formatEventTime } from "../dates";
import { ITEM_ID } from "../item-id";
import { notFound } from "../not-found.server";
import { BOOKING_PAGE_HEADERS, privatePageMeta } from "../private-page.server";
import { siteInfo } from "../site.server";
import { readEvent } from "../upstream/club-lists.server";
import { upstreamFetch, UpstreamError } from "../upstream/client.server";
import { fromUpstream } from "../upstream/from-upstream.server";
import { bookedSchema, resentSchema } from "./answers.server";
import { readAvailability } from "./availability.server";
import { childOf, partyOf, problemOf, valuesOf, type BookingValues, type FormProblem } from "./form.server";
import { bookingStateText, DUPLICATE_MESSAGE, KEEP_LINK_TEXT, placesText, retentionText } from "./words.server";

/**
 * /events/{id}/book (docs/product.md, 'Bookings'): an event booked on the club's own
 * site, what is left of its places, and the form. The product spec's Book Now dialog
 * frames it (the event's bookingUrl is this page); it works on its own too, with or
 * without JavaScript. An event booked elsewhere has no such page.
 */

function eventId(raw: string | undefined): string {
  if (!raw || !ITEM_ID.test(raw)) notFound();
  return raw;
}

const publicRead = (context: AppLoadContext) => (path: string) => upstreamFetch(context, path);

/** The page: the event, its places in words, and what the form asks. */
export async function bookPageData(context: AppLoadContext, rawId: string | undefined) {
  const id = eventId(rawId);
  const site = siteInfo();
  const [event, availability] = await fromUpstream(() =>
    Promise.all([readEvent(publicRead(context), id), readAvailability(context, id)]),
  );
  if (!event || availability?.mode !== "site") notFound();
  return json(
    {
      event: {
        id: event.id,
        name: event.name,
        date: event.date,
        dateText: formatDate(event.date, site.timeZone),
        timeText: formatEventTime(event.date, site.timeZone),
      },
      places: {
        text: placesText(availability, "booking page"),
        // The form is offered while it can place a family or put it on the waiting list.
        bookable: availability.open && (availability.left > 0 || availability.waitingList),
        // Full, with a waiting list: the button says what it does.
        full: availability.left === 0,
        maxPerBooking: availability.maxPerBooking,
        askChild: availability.askChild,
      },
      retentionText: retentionText(availability.retentionDays),
      meta: privatePageMeta(`Book: ${event.name}`),
    },
    { headers: BOOKING_PAGE_HEADERS },
  );
}

export type BookResult =
  | {
      outcome: "booked";
      /** 'You're booked: 2 adults, 3 children' or 'You're on the waiting list (number 3)'. */
      message: string;
      /** The private link, absolute as the /api made it, and its path on this site (null: nothing was stored). */
      link: { url: string; path: string; text: string } | null;
    }
  | { outcome: "duplicate"; message: string }
  | { outcome: "refused"; problem: FormProblem; values: BookingValues }
  | { outcome: "resent"; message: string }
  | { outcome: "resend refused"; message: string; email: string };

function answer(result: BookResult, status = 200) {
  return json(result, { status, headers: BOOKING_PAGE_HEADERS });
}

/** The private link's path here, whatever address the /api wrote it with. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * The booking form's POST, and 'E-mail me my link' (intent=resend). A bot that filled the
 * hidden field is answered as if booked, and nothing is stored.
 */
export async function bookEvent(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = eventId(rawId);
  const { fields } = await readFormBody(request);
  if (fields.intent === "resend") return resendLink(context, id, (fields.email ?? "").trim());
  const values = valuesOf(fields);
  const refuse = (problem: FormProblem, status = 400) => answer({ outcome: "refused", problem, values }, status);
  const party = partyOf(values);
  if ("message" in party) return refuse(party);
  if (fields.leave_empty) {
    return answer({ outcome: "booked", message: bookingStateText({ status: "confirmed", ...party }), link: null });
  }
  if (!values.name) return refuse({ field: "name", message: "Please enter your name." });
  if (!values.email) return refuse({ field: "email", message: "Please enter your e-mail address." });
  try {
    const response = await upstreamFetch(context, `/api/events/${encodeURIComponent(id)}/bookings`, {
      method: "POST",
      json: { name: values.name, email: values.email, ...party, ...childOf(values) },
    });
    const booked = bookedSchema.parse(await response.json());
    return answer(
      {
        outcome: "booked",
        message: bookingStateText({ ...booked, ...party }),
        link: { url: booked.url, path: pathOf(booked.url), text: KEEP_LINK_TEXT },
      },
      201,
    );
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    if (error instanceof UpstreamError && error.status === 409 && error.jsonMessage === DUPLICATE_MESSAGE) {
      return answer({ outcome: "duplicate", message: DUPLICATE_MESSAGE }, 409);
    }
    const { problem, status } = problemOf(error);
    return refuse(problem, status);
  }
}

/** 'E-mail me my link': the same answer whether or not the address has a booking. */
async function resendLink(context: AppLoadContext, id: string, email: string) {
  if (!email) {
    return answer({ outcome: "resend refused", message: "Please enter your e-mail address.", email }, 400);
  }
  try {
    const response = await upstreamFetch(context, "/api/bookings/resend", {
      method: "POST",
      json: { eventId: Number(id), email },
    });
    return answer({ outcome: "resent", message: resentSchema.parse(await response.json()).message });
  } catch (error) {
    const { problem, status } = problemOf(error);
    return answer({ outcome: "resend refused", message: problem.message, email }, status);
  }
}
