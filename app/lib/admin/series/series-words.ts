import { weekdayOrdinal, type RepeatEvery } from "../../../../common/event-repeats";

/**
 * The organiser's words for repeating events (a series of occurrences, each an event of
 * its own): the event form's 'Repeats' fields, the line an occurrence's edit form shows,
 * and the choice of which occurrences a change or a delete reaches. Here, not in a server
 * module, as the admin pages show them; public pages never import this.
 */

/** The create form's repeat fields, by the names the form posts, with their labels. */
export const REPEAT_LABELS = {
  repeats: "Repeats",
  ends: "Ends",
  // Not '… date': the product spec's tests find the event's 'Date' field by a part of its label.
  until: "Last day",
  count: "Number of times",
  termTimeOnly: "Only in term time",
} as const;

/** The repeat fields, one string each, as the form posts them. */
export type RepeatFormValues = { [K in keyof typeof REPEAT_LABELS]: string };

/** Beside the /api's rule names (its `repeat.every`), 'never' for a single event. */
export const NEVER = "never";

export const REPEAT_CHOICES: ReadonlyArray<{ value: RepeatEvery | typeof NEVER; label: string }> = [
  { value: NEVER, label: "Never" },
  { value: "week", label: "Every week" },
  { value: "2weeks", label: "Every 2 weeks" },
  { value: "month-weekday", label: "Every month on the same weekday" },
  { value: "month-date", label: "Every month on the same date" },
];

/** How a series ends: on a last day (inclusive) or after a number of held occurrences. */
export const ENDS_CHOICES = [
  { value: "until", label: "On" },
  { value: "count", label: "After" },
] as const;
export type EndsChoice = (typeof ENDS_CHOICES)[number]["value"];

/** A new event repeats never, and would end on a day once it does. */
export const BLANK_REPEAT: RepeatFormValues = { repeats: NEVER, ends: "until", until: "", count: "", termTimeOnly: "" };

/**
 * The /api names a repeat problem `repeat.count` and so on: the form field it shows at.
 * `repeat` itself (a rule that holds no date at all) shows at 'Repeats'.
 */
export const REPEAT_API_FIELDS: Readonly<Record<string, keyof RepeatFormValues>> = {
  repeat: "repeats",
  "repeat.every": "repeats",
  "repeat.until": "until",
  "repeat.count": "count",
  "repeat.termTimeOnly": "termTimeOnly",
};

/**
 * The labels the /api's names of the repeat fields are told with ("Number of times must be …");
 * its sentence about the rule as a whole follows 'Repeats:' ("Repeats: no date is held …").
 */
export const REPEAT_API_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(REPEAT_API_FIELDS).map(([apiField, field]) => [apiField, REPEAT_LABELS[field]])),
  repeat: `${REPEAT_LABELS.repeats}:`,
};

/** Which occurrences a change or a delete reaches (the /api's `?scope=`). */
export const SCOPE_CHOICES = [
  { value: "one", label: "This event" },
  { value: "following", label: "This and following" },
  { value: "all", label: "All events in the series" },
] as const;
export type Scope = (typeof SCOPE_CHOICES)[number]["value"];
export const DEFAULT_SCOPE: Scope = "one";

/** The scope choice's field and its legend in each form that asks it. */
export const SCOPE_FIELD = "scope";
export const SCOPE_LEGENDS = { update: "Change", delete: "Delete" } as const;

/** By common/event-repeats.ts's weekdayOrdinal: 1–4, or -1 for the month's last. */
const ORDINALS: Record<number, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" };
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The calendar day of a date or datetime-local input's value (YYYY-MM-DD…), or null. */
function dayOf(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

/**
 * 'Every month on the first Saturday' for the event's date as typed (a 5th weekday is the
 * month's last, as the series counts it), or the plain choice without a date.
 */
export function monthWeekdayLabel(dateInput: string): string {
  const day = dayOf(dateInput);
  if (!day) return "Every month on the same weekday";
  const weekday = WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()];
  return `Every month on the ${ORDINALS[weekdayOrdinal(dateInput.slice(0, 10))]} ${weekday}`;
}

/** '24 July 2027' for a YYYY-MM-DD day, as the series line says it. */
export function dayWords(value: string): string {
  const day = dayOf(value);
  if (!day) return value;
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.UTC(day.year, day.month - 1, day.day),
  );
}

const EVERY_WORDS: Record<RepeatEvery, string> = {
  week: "every week",
  "2weeks": "every 2 weeks",
  "month-weekday": "every month on the same weekday",
  "month-date": "every month on the same date",
};

/** A series as the /api's admin answers give it. */
export interface SeriesRule {
  every: RepeatEvery;
  until: string | null;
  count: number | null;
  termTimeOnly: boolean;
}

/**
 * The read-only line an occurrence's edit form shows instead of the repeat fields:
 * 'Repeats every week until 24 July 2027', 'Repeats every 2 weeks, 10 times', each with
 * ', only in term time' when it skips holidays.
 */
export function seriesLine(rule: SeriesRule): string {
  const end = rule.until
    ? ` until ${dayWords(rule.until)}`
    : rule.count
      ? `, ${rule.count} time${rule.count === 1 ? "" : "s"}`
      : "";
  return `Repeats ${EVERY_WORDS[rule.every]}${end}${rule.termTimeOnly ? ", only in term time" : ""}`;
}
