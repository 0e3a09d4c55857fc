import { z } from "zod";
import { coded } from "../../../../common/field-problems";
import { isHttpUrl, TEXT_LIMITS } from "../../../../common/text-limits";
import { bookingFormShape, bookingOf, bookingProblems, siteBookingUrl } from "../bookings/booking-settings.server";
import { descriptionField, localDateTime, optionalField, requiredField } from "../forms/schemas.server";

const bookingUrlField = requiredField(TEXT_LIMITS.url).refine(isHttpUrl, coded("url", "must be an http or https URL"));

/**
 * The event form: the product spec's fields, and how parents book (docs/product.md,
 * 'Bookings'). The booking URL is checked as it always was unless the event is booked on
 * this site, when the /api fills it in; the site's settings are checked only then. Both
 * checks run even when another field failed, so every problem shows at once.
 */
export const eventFormSchema = (timeZone: string) =>
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
        for (const issue of [...problems, ...bookingProblems(posted, timeZone)]) ctx.addIssue(issue);
      },
      { when: () => true },
    )
    .transform(({ bookingMode, places, maxPerBooking, askChild, closesAt, waitingList, ...event }) => {
      const posted = { bookingMode, places, maxPerBooking, askChild, closesAt, waitingList };
      const booking = bookingOf(posted, timeZone);
      const bookingUrl = bookingMode === "site" ? siteBookingUrl(event.bookingUrl) : event.bookingUrl?.trim();
      return { ...event, bookingUrl, ...(booking ? { booking } : {}) };
    });
