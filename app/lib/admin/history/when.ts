import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * When a revision or an autosave was made, in the site's zone, as the /api's conflict
 * sentence writes it: 'Sat 28 Nov 2026, 10:00'.
 */
export function formatSavedAt(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date, timeZone), "EEE d MMM yyyy, HH:mm");
}
