import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** The admin's "November 24, 2026, 14:05": common/date-time-text.ts's, which the committee's e-mails write too. */
export { formatDateTime } from "../../common/date-time-text";

/** Just the time of a moment, "14:05", in the site's time zone: for what ends within the hour. */
export function formatTimeOfDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date, timeZone), "HH:mm");
}
