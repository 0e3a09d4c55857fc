import { eventEntry, seriesUid, validTime, zonedLine, type CalendarEvent, type CalendarSite } from "./event-calendar";
import { occurrenceInstant, ruleDates, weekdayOrdinal, type RepeatEvery } from "./event-repeats";
import { contentLine, utcStamp } from "./ical-lines";

/**
 * A repeating series as ONE calendar entry (docs/product.md, 'Repeating events'), whatever
 * its number of dates: DTSTART;TZID= at its first date given, an RRULE up to its real last
 * one (UNTIL in UTC), an EXDATE;TZID= at the series' time for every date the rule gives
 * that is not among them (term-time skips, dates deleted alone, dates not public), and an
 * entry with RECURRENCE-ID for each date changed alone. A calendar app expands it to
 * exactly the dates the site lists.
 */

/** A series as the calendar writes it (the /api's GET /api/event-series answer). */
export interface CalendarSeries {
  id: string | number;
  every: RepeatEvery;
  firstDate: string;
  timeOfDay: string;
  /** When it was made and when what a calendar writes of it last changed: every entry's SEQUENCE and DTSTAMP. */
  createdAt?: string;
  changedAt?: string;
  dates: Array<{ eventId: string | number; seriesDate: string; changed: boolean }>;
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** The RRULE's value for a rule: its weekday and day number come from the series' first date. */
function ruleValue(series: CalendarSeries, until: string): string {
  const first = new Date(`${series.firstDate}T12:00:00Z`);
  const end = `UNTIL=${utcStamp(until)}`;
  if (series.every === "week") return `FREQ=WEEKLY;${end}`;
  if (series.every === "2weeks") return `FREQ=WEEKLY;INTERVAL=2;${end}`;
  if (series.every === "month-date") return `FREQ=MONTHLY;${end};BYMONTHDAY=${first.getUTCDate()}`;
  // 'first Saturday'; a fifth one repeats as the last (BYSETPOS=-1).
  const weekday = WEEKDAYS[first.getUTCDay()] ?? "SA";
  return `FREQ=MONTHLY;${end};BYDAY=${weekday};BYSETPOS=${weekdayOrdinal(series.firstDate)}`;
}

const sameFields = (a: CalendarEvent, b: CalendarEvent) =>
  a.name === b.name &&
  a.comment === b.comment &&
  (a.location ?? null) === (b.location ?? null) &&
  (a.organiser ?? null) === (b.organiser ?? null);

/**
 * The series' entries: its own (with RRULE and EXDATEs) and one for each date changed
 * alone. `events` holds at least the series' own fields (a date not changed alone); a date
 * whose event is not among them is written as the rule gives it. Nothing when no date is given.
 */
export function seriesEntries(series: CalendarSeries, events: readonly CalendarEvent[], site: CalendarSite): string[] {
  const eventOf = new Map(events.map((event) => [String(event.id), event]));
  const members = [...series.dates]
    .filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date.seriesDate))
    .sort((a, b) => (a.seriesDate < b.seriesDate ? -1 : a.seriesDate > b.seriesDate ? 1 : 0));
  const first = members[0];
  const last = members.at(-1);
  const own =
    members.map((date) => (date.changed ? undefined : eventOf.get(String(date.eventId)))).find(Boolean) ??
    members.map((date) => eventOf.get(String(date.eventId))).find(Boolean);
  if (!first || !last || !own) return [];
  const slot = (day: string) => occurrenceInstant(day, series.timeOfDay, site.timeZone);
  const held = new Set(members.map((member) => member.seriesDate));
  const rule = { every: series.every, firstDate: series.firstDate, until: last.seriesDate, count: null };
  const excluded = ruleDates({ ...rule, termTimeOnly: false }, [], last.seriesDate).held.filter(
    (day) => day >= first.seriesDate && !held.has(day),
  );
  const uid = seriesUid(series.id, site);
  const changes =
    series.createdAt && series.changedAt ? { createdAt: series.createdAt, updatedAt: series.changedAt } : own;
  const lines =
    contentLine("RRULE", ruleValue(series, slot(last.seriesDate))) +
    (excluded.length > 0 ? zonedLine("EXDATE", excluded.map(slot), site) : "");
  const entries = [eventEntry({ ...own, date: slot(first.seriesDate) }, site, { uid, changes, rule: lines })];
  for (const member of members) {
    const event = eventOf.get(String(member.eventId));
    if (!event || !validTime(event.date)) continue;
    const moved = event.date !== slot(member.seriesDate);
    if (!member.changed && !moved && sameFields(event, own)) continue;
    entries.push(eventEntry(event, site, { uid, changes, recurrenceId: slot(member.seriesDate) }));
  }
  return entries;
}
