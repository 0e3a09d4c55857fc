import { json } from "@remix-run/node";
import { z } from "zod";
import type { ActionFailure } from "./admin.server";
import { fromLocalInput } from "./dates";
import type { Notice } from "./notice";

/**
 * Form input is checked at the boundary before any upstream call. A problem reads as
 * the /api's own do ('bookingUrl: is required'), so the administrator sees one style
 * of message whichever side found it.
 */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; field: string; message: string };

export function checkForm<S extends z.ZodType>(schema: S, fields: Record<string, string>): FormCheck<z.output<S>> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join(".");
  return { ok: false, field, message: `${field}: ${issue.message}` };
}

/** The same answer runMutation gives on failure: the notice, the blamed field, the typed values. */
export function formFailure(notice: Notice | null, fieldErrors: Record<string, string>, values: Record<string, string>) {
  return json<ActionFailure>({ notice, fieldErrors, values }, { status: 400 });
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
    if (iso) return iso;
    ctx.addIssue({ code: "custom", message: "must be a valid date" });
    return z.NEVER;
  });
}
