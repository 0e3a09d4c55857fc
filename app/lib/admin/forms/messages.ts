import { NOT_A_DATE, OUT_OF_RANGE } from "../../../../common/date-range";
import { isFieldProblemCode, type FieldProblemCode } from "../../../../common/field-problems";
import type { UpstreamError } from "../../upstream/client.server";

/** A form's visible labels by field name, e.g. { bookingUrl: "Booking URL" }. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * A problem with one field, as the /api or a form check reports it: its code and limit
 * (common/field-problems.ts) when it gave them, and its own sentence, e.g.
 * "must be an http or https URL".
 */
export interface ReportedProblem {
  code?: string;
  max?: number;
  rule: string;
}

/**
 * Each rule as a volunteer should read it, chosen by the problem's code, never by its
 * sentence. A code not listed here (or none) keeps the sentence, which is plain enough.
 */
const PLAIN_WORDS: Partial<Record<FieldProblemCode, (max: number | undefined) => string | undefined>> = {
  required: () => "is required",
  "not-text": () => "must be text",
  "too-long": (max) => (max === undefined ? undefined : `is too long: at most ${max} characters`),
  url: () => "must start with http:// or https://",
  "image-url": () => "must be an uploaded image or a web address starting with http:// or https://",
  email: () => "must be an e-mail address, e.g. dads@example.org",
  name: () => "must be just a name, without a web address or an e-mail address",
  date: () => NOT_A_DATE,
  "date-range": () => OUT_OF_RANGE,
};

function plainRule({ code, max, rule }: ReportedProblem): string {
  const words = isFieldProblemCode(code) ? PLAIN_WORDS[code] : undefined;
  return words?.(max) ?? rule;
}

/** "bookingUrl" + the code "url" → "Booking URL must start with http:// or https://". */
export function fieldProblem(field: string, problem: ReportedProblem, labels: FieldLabels): string {
  const label = labels[field] ?? field;
  // A field labelled "" is one whose /api sentence says it all (the bookings' "booking.mode").
  return label ? `${label} ${plainRule(problem)}` : plainRule(problem);
}

/**
 * A wrong two-factor code, wherever one is typed: signing in, confirming the set-up,
 * proving it is you (docs/product.md, 'Two-factor sign-in'). Most often the phone's clock
 * is off or the code has just changed, so the words say what to try.
 */
export const WRONG_CODE_TEXT = "That code didn't work. Check the time on your phone and try the newest code.";

/** The /api's refusal of a code as wrong: its `code` field with the problem code `invalid` (never its sentence). */
export function isWrongCode(error: Pick<UpstreamError, "field" | "problem">): boolean {
  return error.field === "code" && error.problem.code === "invalid";
}

/** What a failed call means to the administrator, and the field it is about, if any. */
export function describeProblem(
  error: UpstreamError | undefined,
  labels: FieldLabels,
): { text: string; field?: string } {
  if (!error) return { text: "The server could not be reached. Please try again in a moment." };
  // A server fault is told in its own words only when it gave some (a full disk, a read-only database).
  if (error.status >= 500)
    return { text: error.jsonMessage ?? "The server had a problem saving this. Please try again in a moment." };
  const { field } = error;
  if (isWrongCode(error)) return { text: WRONG_CODE_TEXT, field: "code" };
  if (field) {
    const rule = error.detail.startsWith(`${field}: `) ? error.detail.slice(field.length + 2) : error.detail;
    return { text: fieldProblem(field, { ...error.problem, rule }, labels), field };
  }
  return { text: error.detail };
}

/** The labels of a list of field definitions, e.g. the page-text editors' fields. */
export function labelsOf(fields: ReadonlyArray<{ name: string; label: string }>): FieldLabels {
  return Object.fromEntries(fields.map((field) => [field.name, field.label]));
}
