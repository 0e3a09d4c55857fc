/**
 * What the site accepts as an event's or a news item's date, on both sides: a real
 * calendar date (no 30 February rolled over into March) in years a club's history can
 * hold. The bounds keep every accepted date a four-digit year in every format the site
 * writes, the calendar's two-hour DTEND after the last moment included.
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2200;

export const NOT_A_DATE = "must be a valid date";
export const OUT_OF_RANGE = `must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/** True when year-month-day names a day that exists (months from 1). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isYearInRange(year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/**
 * An ISO 8601 date or date-time, as the /api takes it: `2026-04-10`,
 * `2026-04-10T10:00`, `…:00.000Z`, `…+01:00`. Each part must exist on the calendar and
 * the clock (no 24:00, no 61st second).
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** Why `value` is not an accepted date (NOT_A_DATE or OUT_OF_RANGE), or null when it is. */
export function isoDateProblem(value: string): string | null {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return NOT_A_DATE;
  const [, year, month, day, hour = "0", minute = "0", second = "0", offsetHours = "0", offsetMinutes = "0"] = match;
  const clockOk =
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    Number(offsetHours) < 24 &&
    Number(offsetMinutes) < 60;
  if (!clockOk || !isCalendarDay(Number(year), Number(month), Number(day))) return NOT_A_DATE;
  if (Number.isNaN(Date.parse(value))) return NOT_A_DATE;
  return isYearInRange(new Date(value).getUTCFullYear()) && isYearInRange(Number(year)) ? null : OUT_OF_RANGE;
}
