import { TZDate } from "@date-fns/tz";
import { getISOWeek, getISOWeekYear, startOfISOWeek, subDays } from "date-fns";

/** docs/product.md, 'E-mail': the weekly digest goes on Mondays at 07:00 in the site's time zone. */
const DIGEST_HOUR = 7;

export interface DigestWeek {
  /** digest:{ISO week year}-W{week}, e.g. digest:2026-W48: one digest a week, ever. */
  key: string;
  /** The Monday 07:00 it is due at. */
  dueAt: Date;
}

/**
 * The latest digest whose Monday 07:00 has passed at `now`. Only the latest: a server
 * that was down over several Mondays sends one digest when it is back, not a pile.
 */
export function latestDigestWeek(now: Date, timeZone: string): DigestWeek {
  const local = new TZDate(now, timeZone);
  let monday = startOfISOWeek(local);
  monday.setHours(DIGEST_HOUR, 0, 0, 0);
  if (monday.getTime() > now.getTime()) {
    monday = subDays(monday, 7);
    monday.setHours(DIGEST_HOUR, 0, 0, 0);
  }
  const week = String(getISOWeek(monday)).padStart(2, "0");
  return { key: `digest:${getISOWeekYear(monday)}-W${week}`, dueAt: new Date(monday.getTime()) };
}
