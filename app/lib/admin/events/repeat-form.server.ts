import { z } from "zod";
import { isoDateProblem, NOT_A_DATE } from "../../../../common/date-range";
import { coded, dateIssue } from "../../../../common/field-problems";
import { REPEAT_COUNT_MAX, REPEAT_EVERY, type RepeatEvery } from "../../../../common/event-repeats";
import { TICKED } from "../bookings/booking-words";
import {
  ENDS_CHOICES,
  NEVER,
  SCOPE_CHOICES,
  SCOPE_FIELD,
  SCOPE_LEGENDS,
  type RepeatFormValues,
  type Scope,
} from "../series/series-words";

/**
 * The create form's 'Repeats' fields → the `repeat` object `POST /api/admin/events`
 * takes: `{every, until | count, termTimeOnly}`. Checked together, as they depend on one
 * another; without JavaScript every field is posted, so only the chosen end is read.
 */

/** The repeat fields, as posted: a form from before repeating events has none. */
export const repeatFormShape = {
  repeats: z.string().optional(),
  ends: z.string().optional(),
  until: z.string().optional(),
  count: z.string().optional(),
  termTimeOnly: z.string().optional(),
};

type PostedRepeat = Partial<RepeatFormValues>;
type Issue = { code: "custom"; path: string[]; message: string; params: { code: string } };

export type Repeat = { every: RepeatEvery; termTimeOnly: boolean } & ({ until: string } | { count: number });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isEvery = (value: string | undefined): value is RepeatEvery => REPEAT_EVERY.some((every) => every === value);
const repeats = (posted: PostedRepeat) => Boolean(posted.repeats) && posted.repeats !== NEVER;

function wholeCount(raw: string): number | null {
  if (!/^\d{1,4}$/.test(raw)) return null;
  const count = Number(raw);
  return count >= 1 && count <= REPEAT_COUNT_MAX ? count : null;
}

/**
 * What is wrong with the repeat fields of a form whose first event is on `firstDay`
 * (YYYY-MM-DD in the site's zone; unknown when the date itself is wrong); nothing for an
 * event that does not repeat. The /api judges the rule itself (a series that would hold
 * no date at all).
 */
export function repeatProblems(posted: PostedRepeat, firstDay: string | undefined): Issue[] {
  if (!repeats(posted)) return [];
  const issues: Issue[] = [];
  const add = (field: keyof RepeatFormValues, rule: ReturnType<typeof coded>) =>
    issues.push({ code: "custom", path: [field], ...rule });
  if (!isEvery(posted.repeats)) add("repeats", coded("invalid", "must be one of the choices"));
  const ends = ENDS_CHOICES.find((choice) => choice.value === posted.ends)?.value;
  if (!ends) add("ends", coded("invalid", "must be one of the choices"));
  if (ends === "until") {
    const until = posted.until?.trim() ?? "";
    const problem = !until ? null : DAY.test(until) ? isoDateProblem(until) : NOT_A_DATE;
    if (!until) add("until", coded("required", "is required"));
    else if (problem) issues.push({ path: ["until"], ...dateIssue(problem) });
    else if (firstDay && until < firstDay) add("until", coded("invalid", "must not be before the first event"));
  }
  if (ends === "count") {
    const count = posted.count?.trim() ?? "";
    if (!count) add("count", coded("required", "is required"));
    else if (wholeCount(count) === null)
      add("count", coded("invalid", `must be a whole number from 1 to ${REPEAT_COUNT_MAX}`));
  }
  return issues;
}

/** The `repeat` object from fields repeatProblems passed; none for an event that does not repeat. */
export function repeatOf(posted: PostedRepeat): Repeat | undefined {
  if (!repeats(posted) || !isEvery(posted.repeats)) return undefined;
  const termTimeOnly = posted.termTimeOnly === TICKED;
  if (posted.ends === "count") return { every: posted.repeats, count: Number(posted.count?.trim()), termTimeOnly };
  return { every: posted.repeats, until: posted.until?.trim() ?? "", termTimeOnly };
}

/**
 * The query a change or a delete of an occurrence is sent with (`?scope=one|following|all`):
 * none when the form asked nothing (a single event), so the /api does as the product spec's
 * call does; a choice the form does not offer is refused at its field.
 */
export function scopeQuery(
  fields: Readonly<Record<string, string>>,
  intent: keyof typeof SCOPE_LEGENDS,
): { query: string } | { field: string; problem: string } {
  const posted = fields[SCOPE_FIELD];
  if (posted === undefined || posted === "") return { query: "" };
  const scope: Scope | undefined = SCOPE_CHOICES.find((choice) => choice.value === posted)?.value;
  if (!scope) return { field: SCOPE_FIELD, problem: `${SCOPE_LEGENDS[intent]} must be one of the choices` };
  return { query: `?${new URLSearchParams({ scope })}` };
}
