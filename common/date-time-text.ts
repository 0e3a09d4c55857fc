import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { DISPLAY_FORMAT } from "./date-text";

/**
 * A moment with its time, as the admin shows a sign-in or a change: "November 24, 2026,
 * 14:05", in the site's time zone. Apart from ./date-text.ts, so the public pages' shared
 * chunk does not carry it; the committee's e-mails write it too.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date, timeZone), `${DISPLAY_FORMAT}, HH:mm`);
}
