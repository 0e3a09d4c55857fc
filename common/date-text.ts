import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * How the site writes a date and an event's time, in the site's time zone: one place for
 * the pages (app/lib/dates.ts) and the e-mails (api/mail/), which cannot import the app.
 * docs/product.md, 'Events': the date 'MMMM d, yyyy', then ' · ' and the time.
 */
export const DISPLAY_FORMAT = "MMMM d, yyyy";

export function formatDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date, timeZone), DISPLAY_FORMAT);
}

/**
 * An event's time of day in the site zone, as people say it: "4:30pm", and "10am" on the hour
 * (docs/product.md, 'Events': the time beside the date).
 */
export function formatEventTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new TZDate(date, timeZone);
  return format(local, local.getMinutes() === 0 ? "haaa" : "h:mmaaa");
}

/**
 * An event's date with its time beside it, as one string where one string is wanted (a select's
 * option, an e-mail): "December 19, 2026 · 4:30pm".
 */
export function formatEventWhen(iso: string, timeZone: string): string {
  const time = formatEventTime(iso, timeZone);
  return time ? `${formatDate(iso, timeZone)} · ${time}` : "";
}
