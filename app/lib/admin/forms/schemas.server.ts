import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isoDateProblem, NOT_A_DATE } from "../../../../common/date-range";
import { dateIssue, problemOfIssue } from "../../../../common/field-problems";
import { contentFromTextarea } from "../../../../common/plain-text-to-html";
import { TEXT_LIMITS, tooLong } from "../../../../common/text-limits";
import { fromLocalInput } from "../../dates";
import { fieldProblem, type FieldLabels } from "./messages";

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
