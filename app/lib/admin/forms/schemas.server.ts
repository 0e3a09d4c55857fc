import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isoDateProblem, NOT_A_DATE } from "../../../../common/date-range";
import { coded, dateIssue, problemOfIssue } from "../../../../common/field-problems";
import { contentFromTextarea } from "../../../../common/plain-text-to-html";
import { isHttpUrl, TEXT_LIMITS, tooLong } from "../../../../common/text-limits";
import { fromLocalInput } from "../../dates";
import { fieldProblem, type FieldLabels } from "./messages";
import { bookingFormShape, bookingOf, bookingProblems, siteBookingUrl } from "../bookings/booking-settings.server";

/**
 * Form input is checked at the boundary before any upstream call, by Conform with the
 * form's zod schema, so every field's problem comes back at once. A problem names the
 * field by its label ("Booking URL is required"), in the words messages.ts gives its
 * code, as the upstream's problems are told once runMutation has read them. Values stay
 * the strings that were typed (no coercion): a blank description means 'clear it'.
 */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, string>, labels: FieldLabels) {
  const payload = new URLSearchParams(Object.entries(fields));
  return parseWithZod(payload, {
    schema,
    disableAutoCoercion: true,
    // One problem per field, the first, as the person fixes them one at a time.
    formatError: (issues: z.core.$ZodIssue[]) => {
      const [issue] = issues;
      const field = issue.path.map(String).join(".");
      return [fieldProblem(field, { ...problemOfIssue(issue, fields), rule: issue.message }, labels)];
    },
  });
}

/** The first of a refused submission's problems, for the notice above the form. */
export function firstProblem(error: Record<string, string[] | null> | null | undefined): string {
  for (const problems of Object.values(error ?? {})) if (problems?.[0]) return problems[0];
  return "";
}

/** A required text field, trimmed, within the /api's limit for it (checked here first). */
export function requiredField(max: number) {
  return z.string({ error: "is required" }).trim().min(1, "is required").max(max, tooLong(max));
}

/** An optional text field within the /api's limit for it: blank or missing is sent as null. */
export function optionalField(max: number) {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(max, tooLong(max)).nullable());
}

/**
 * An image's description (docs/product.md, 'Photos'): blank is sent as null (cleared); a form
 * without the field sends nothing, so the /api keeps the stored one.
 */
export function descriptionField() {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : value.trim() || null))
    .pipe(z.string().max(TEXT_LIMITS.altText, tooLong(TEXT_LIMITS.altText)).nullish());
}

/** A date or datetime-local input, read as wall-clock time in the site's zone → ISO timestamp. */
export function localDateTime(timeZone: string) {
  return requiredField(TEXT_LIMITS.shortText).transform((value, ctx) => {
    const iso = fromLocalInput(value, timeZone);
    const problem = iso === null ? NOT_A_DATE : isoDateProblem(iso);
    if (iso !== null && problem === null) return iso;
    ctx.addIssue(dateIssue(problem ?? NOT_A_DATE));
    return z.NEVER;
  });
}

/*
 * The admin forms' fields → the JSON the /api takes (docs/product.md, 'Validation rules', 'The calls it makes'). Here, in a server
 * module, so zod never reaches the admin pages' JavaScript.
 */

export const loginFormSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

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

export const newsFormSchema = (timeZone: string) =>
  z.object({
    title: requiredField(TEXT_LIMITS.shortText),
    publishedAt: localDateTime(timeZone),
    // Typed without the editor, plain text becomes paragraphs; the editor's HTML is kept as it is.
    content: z
      .string()
      .optional()
      .transform((text) => contentFromTextarea(text ?? "")),
    imageUrl: optionalField(TEXT_LIMITS.url),
    imageAlt: descriptionField(),
  });

export const galleryFormSchema = () =>
  z.object({
    imageUrl: requiredField(TEXT_LIMITS.url),
    caption: z
      .string({ error: "must be text" })
      .trim()
      .max(TEXT_LIMITS.caption, tooLong(TEXT_LIMITS.caption))
      .default(""),
    altText: descriptionField(),
  });
