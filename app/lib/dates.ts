import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { isCalendarDay } from "../../common/date-range";

/**
 * Dates are shown in the site's time zone, the same on the server and in the browser,
 * so hydration never disagrees (docs/architecture.md, 'The web app (app/)'). The zone comes from the loader.
 * The date and event-time texts are common/date-text.ts's: e-mails write them too.
 */
export { DISPLAY_FORMAT, formatDate, formatEventTime, formatEventWhen } from "../../common/date-text";

/** 'Past' means strictly before the moment the loader judged by (docs/product.md, 'States and transitions'). */
export function isPast(iso: string, now: string | Date): boolean {
  return new Date(iso).getTime() < new Date(now).getTime();
}

/** The value for <input type="date"> showing this moment's day in the site zone. */
export function toDateInput(iso: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(iso), timeZone), "yyyy-MM-dd");
}

/** The value for <input type="datetime-local"> in the site zone. */
export function toDateTimeInput(iso: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(iso), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/**
 * Reads a date or datetime-local input as wall-clock time in the site zone and
 * returns the ISO timestamp the /api expects; null when it is not a date.
 */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0"] = match;
  if (!isCalendarDay(Number(year), Number(month), Number(day)) || Number(hour) > 23 || Number(minute) > 59) return null;
  const date = new TZDate(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), timeZone);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime()).toISOString();
}

/**
 * A create form's default date (docs/product.md, 'States and transitions': today's date): today in the site zone,
 * at the next full hour but never past 23:00, so it stays today.
 */
export function todayDateTimeInput(now: Date, timeZone: string): string {
  const local = new TZDate(now, timeZone);
  const hour = Math.min(local.getHours() + 1, 23);
  return `${format(local, "yyyy-MM-dd")}T${String(hour).padStart(2, "0")}:00`;
}
