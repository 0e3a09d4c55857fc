import { z } from "zod";
import { isoDateProblem, NOT_A_DATE } from "../../../common/date-range";
import { dateIssue, problemOfIssue } from "../../../common/field-problems";
import { contentFromTextarea } from "../../../common/plain-text-to-html";
import { fromLocalInput } from "../dates";
import { fieldProblem, type FieldLabels } from "./messages";

/**
 * Form input is checked at the boundary before any upstream call. A problem names the
 * field by its label ("Booking URL is required"), in the words messages.ts gives its
 * code, as the upstream's problems are told once runMutation has read them.
 */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; field: string; message: string };

export function checkForm<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  labels: FieldLabels,
): FormCheck<z.output<S>> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join(".");
  const problem = { ...problemOfIssue(issue, fields), rule: issue.message };
  return { ok: false, field, message: fieldProblem(field, problem, labels) };
}

/** A required text field, trimmed. */
export function requiredField() {
  return z.string({ error: "is required" }).trim().min(1, "is required");
}

/** An optional text field: blank or missing is sent as null. */
export function optionalField() {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() || null);
}

/** A date or datetime-local input, read as wall-clock time in the site's zone → ISO timestamp. */
export function localDateTime(timeZone: string) {
  return requiredField().transform((value, ctx) => {
    const iso = fromLocalInput(value, timeZone);
    const problem = iso === null ? NOT_A_DATE : isoDateProblem(iso);
    if (iso !== null && problem === null) return iso;
    ctx.addIssue(dateIssue(problem ?? NOT_A_DATE));
    return z.NEVER;
  });
}

/*
 * The admin forms' fields → the JSON the /api takes (docs/product.md §5, §7). Here, in a server
 * module, so zod never reaches the admin pages' JavaScript.
 */

export const loginFormSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const eventFormSchema = (timeZone: string) =>
  z.object({
    name: requiredField(),
    date: localDateTime(timeZone),
    comment: requiredField(),
    // Only presence is checked here: the /api judges the address and says why.
    bookingUrl: requiredField(),
    imageUrl: optionalField(),
    organiser: optionalField(),
    location: optionalField(),
  });

export const newsFormSchema = (timeZone: string) =>
  z.object({
    title: requiredField(),
    publishedAt: localDateTime(timeZone),
    // Typed without the editor, plain text becomes paragraphs; the editor's HTML is kept as it is.
    content: z
      .string()
      .optional()
      .transform((text) => contentFromTextarea(text ?? "")),
    imageUrl: optionalField(),
  });

export const galleryFormSchema = () =>
  z.object({
    imageUrl: requiredField(),
    caption: z.string({ error: "must be text" }).trim().max(500, "must be at most 500 characters").default(""),
  });
