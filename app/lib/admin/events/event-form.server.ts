import { z } from "zod";
import { isoDateProblem } from "../../../../common/date-range";
import { toDateInput } from "../../dates";
import { coded } from "../../../../common/field-problems";
import { isHttpUrl, TEXT_LIMITS } from "../../../../common/text-limits";
import { bookingFormShape, bookingOf, bookingProblems, siteBookingUrl } from "../bookings/booking-settings.server";
import { descriptionField, localDateTime, optionalField, requiredField } from "../forms/schemas.server";
import { repeatFormShape, repeatOf, repeatProblems } from "./repeat-form.server";

const bookingUrlField = requiredField(TEXT_LIMITS.url).refine(isHttpUrl, coded("url", "must be an http or https URL"));

/**
 * The event form: the product spec's fields, and how parents book (docs/product.md,
 * 'Bookings'). The booking URL is checked as it always was unless the event is booked on
 * this site, when the /api fills it in; the site's settings are checked only then. Both
 * checks run even when another field failed, so every problem shows at once. A new event
 * may repeat (its 'Repeats' fields → `repeat`); a saved one's form has no such fields, and
 * any posted are not read.
 */
export const eventFormSchema = (timeZone: string, intent: "create" | "update" = "create") =>
  z
    .object({
      name: requiredField(TEXT_LIMITS.shortText),
      date: localDateTime(timeZone),
      comment: requiredField(TEXT_LIMITS.comment),
      bookingUrl: z.string().optional(),
      // Its form (a web address or a path the /api handed out) is the /api's to judge.
      imageUrl: optionalField(TEXT_LIMITS.url),
      imageAlt: descriptionField(),
      organiser: optionalField(TEXT_LIMITS.shortText),
      location: optionalField(TEXT_LIMITS.shortText),
      ...bookingFormShape,
      ...repeatFormShape,
    })
    .superRefine(
      (posted, ctx) => {
        const problems =
          posted.bookingMode === "site"
            ? []
            : (bookingUrlField.safeParse(posted.bookingUrl).error?.issues ?? []).map((issue) => ({
                ...issue,
                path: ["bookingUrl", ...issue.path],
              }));
        // The date as checked is a UTC timestamp: its day in the site's zone is the first event's.
        const date: unknown = posted.date;
        const firstDay = typeof date === "string" && !isoDateProblem(date) ? toDateInput(date, timeZone) : undefined;
        const repeat = intent === "create" ? repeatProblems(posted, firstDay) : [];
        for (const issue of [...problems, ...bookingProblems(posted, timeZone), ...repeat]) ctx.addIssue(issue);
      },
      { when: () => true },
    )
    .transform((form) => {
      const { bookingMode, places, maxPerBooking, askChild, closesAt, waitingList, ...rest } = form;
      const { repeats, ends, until, count, termTimeOnly, ...event } = rest;
      const posted = { bookingMode, places, maxPerBooking, askChild, closesAt, waitingList };
      const booking = bookingOf(posted, timeZone);
      const repeat = intent === "create" ? repeatOf({ repeats, ends, until, count, termTimeOnly }) : undefined;
      const bookingUrl = bookingMode === "site" ? siteBookingUrl(event.bookingUrl) : event.bookingUrl?.trim();
      return { ...event, bookingUrl, ...(booking ? { booking } : {}), ...(repeat ? { repeat } : {}) };
    });
