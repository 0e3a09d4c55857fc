/**
 * The school's term time (docs/product.md, 'Term dates'): stretches of days, each from its
 * first day to its last (both included), as `YYYY-MM-DD` local dates in the site's time
 * zone. A school day is a date on the calendar, never an instant, so these are compared as
 * text, which sorts as the calendar does.
 */
export interface TermStretch {
  startDate: string;
  endDate: string;
}

/** A stretch's name ('Autumn 1'): at most this many characters. */
export const TERM_NAME_MAX = 60;

/** `YYYY-MM-DD`, the only form a term's day is written in. */
export const TERM_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True when `day` falls inside one of the stretches. A day inside no stretch is a holiday:
 * a half-term between two stretches, and every day before the first and after the last.
 * With no stretches at all every day is a holiday.
 */
export function isTermDay(stretches: readonly TermStretch[], day: string): boolean {
  return stretches.some((stretch) => stretch.startDate <= day && day <= stretch.endDate);
}
