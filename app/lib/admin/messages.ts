import type { UpstreamError } from "../upstream.server";

/** A form's visible labels by field name, e.g. { bookingUrl: "Booking URL" }. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The /api's and the form checks' wording ("bookingUrl: must be an http or https URL")
 * as a volunteer should read it: the field named by its label, the rule said plainly.
 * Wording not listed here is already plain and is kept.
 */
const PLAIN_RULES: ReadonlyArray<[RegExp, string]> = [
  [
    /^must be an http or https URL or an uploaded image path$/,
    "must be an uploaded image or a web address starting with http:// or https://",
  ],
  [/^must be an http or https URL$/, "must start with http:// or https://"],
  [/^must be an email address$/, "must be an e-mail address, e.g. dads@example.org"],
  [/^must be at most (\d+) characters$/, "is too long: at most $1 characters"],
];

/** "bookingUrl" + "must be an http or https URL" → "Booking URL must start with http:// or https://". */
export function fieldProblem(field: string, rule: string, labels: FieldLabels): string {
  const plain = PLAIN_RULES.reduce((text, [pattern, words]) => text.replace(pattern, words), rule);
  return `${labels[field] ?? field} ${plain}`;
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
  if (field) {
    const rule = error.detail.startsWith(`${field}: `) ? error.detail.slice(field.length + 2) : error.detail;
    return { text: fieldProblem(field, rule, labels), field };
  }
  return { text: error.detail };
}

/** The labels of a list of field definitions, e.g. the page-text editors' fields. */
export function labelsOf(fields: ReadonlyArray<{ name: string; label: string }>): FieldLabels {
  return Object.fromEntries(fields.map((field) => [field.name, field.label]));
}
