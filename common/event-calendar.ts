import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, {
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalWeekday,
  type ICalCalendar,
  type ICalEvent,
} from "ical-generator";
import { occurrenceInstant, ruleDates, weekdayOrdinal, type RepeatEvery } from "./event-repeats";
import { eventPagePath, isWebUrl } from "./web-paths";
import { xmlSafe } from "./xml-safe";

/**
 * One club event as iCalendar (RFC 5545), written with ical-generator, for the site's
 * calendar files and the booking e-mails alike, so an event added from either is the
 * same entry in a parent's calendar (the same UID) and is updated by the other. The
 * VTIMEZONE comes from @touch4it/ical-timezones, so a calendar app places 10:00 in the
 * site's zone at 10:00 there on both sides of a daylight-saving change.
 */

/** What the calendar says of an event: the app's answer and the /api's row both fit. */
export interface CalendarEvent {
  id: string | number;
  name: string;
  date: string;
  comment: string;
  organiser?: string | null;
  location?: string | null;
  bookingUrl: string;
  /** When it was created and last edited (ISO, UTC), when known. */
  createdAt?: string;
  updatedAt?: string;
}

/** The site as the calendar names it: its address, its zone, and the moment it is written. */
export interface CalendarSite {
  origin: string;
  timeZone: string;
  now: string;
}

/**
 * Events have a start but no end time (docs/product.md, 'Entities and their fields'). A calendar entry needs a length to
 * show as a block rather than a point; two hours fits a club outing, and the event page
 * linked from the entry has the details.
 */
export const DEFAULT_EVENT_MINUTES = 120;

export const validTime = (iso: string) => !Number.isNaN(Date.parse(iso));

/**
 * A number that only grows as the event is edited: the whole seconds between its
 * creation and its last edit. Calendar apps replace their copy of an event when
 * SEQUENCE (with LAST-MODIFIED) is higher than the one they hold; the /api keeps no
 * edit counter, and this needs none. Two edits within one second share a number, which
 * no person editing through the admin area will notice. 0 when it is not known when
 * the event changed.
 */
export function sequenceOf(event: Pick<CalendarEvent, "createdAt" | "updatedAt">): number {
  if (!event.createdAt || !event.updatedAt) return 0;
  const seconds = Math.floor((Date.parse(event.updatedAt) - Date.parse(event.createdAt)) / 1000);
  // SEQUENCE is a 32-bit INTEGER (RFC 5545 §3.3.8); 68 years of edits fit.
  return Math.min(Math.max(seconds, 0), 2 ** 31 - 1);
}

export function newCalendar(site: CalendarSite): ICalCalendar {
  const calendar = ical({
    prodId: { company: new URL(site.origin).hostname, product: "Events", language: "EN" },
    // The generator writes the VTIMEZONE of each event's zone. The calendar itself gets
    // no zone name: ical-generator would then write DTSTAMP and LAST-MODIFIED as local
    // times, and RFC 5545 requires them in UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  // For apps (Google Calendar among them) that read the calendar's zone from this.
  calendar.x("X-WR-TIMEZONE", site.timeZone);
  return calendar;
}

/**
 * Text as iCalendar can carry it (RFC 5545 §3.3.11): no control characters, which
 * strict apps reject along with the whole calendar, and no lone surrogates. Line breaks
 * stay; ical-generator writes them as \n.
 */
const calendarText = (text: string) => xmlSafe(text).replace(/\u007f/g, "");

export function addEvent(calendar: ICalCalendar, event: CalendarEvent, site: CalendarSite, uid?: string): ICalEvent {
  const start = new TZDate(Date.parse(event.date), site.timeZone);
  return calendar.createEvent({
    // Stable across fetches and edits: the app matches its copy by it.
    id: uid ?? `event-${event.id}@${new URL(site.origin).hostname}`,
    // TZDate keeps the zone, so ical-generator writes wall-clock time with TZID=site zone.
    start,
    end: new TZDate(start.getTime() + DEFAULT_EVENT_MINUTES * 60_000, site.timeZone),
    timezone: site.timeZone,
    // Without METHOD, DTSTAMP is when the event was last revised (RFC 5545 §3.8.7.2).
    stamp: new Date(event.updatedAt ?? site.now),
    lastModified: event.updatedAt ? new Date(event.updatedAt) : null,
    created: event.createdAt ? new Date(event.createdAt) : null,
    sequence: sequenceOf(event),
    summary: calendarText(event.name),
    description: calendarText(describe(event)),
    location: event.location ? calendarText(event.location) : null,
    url: `${site.origin}${eventPagePath(event.id)}`,
  });
}

/** A repeating series as the calendar writes it (the /api's GET /api/event-series answer). */
export interface CalendarSeries {
  id: string | number;
  every: RepeatEvery;
  firstDate: string;
  timeOfDay: string;
  dates: Array<{ eventId: string | number; seriesDate: string; changed: boolean }>;
}

const WEEKDAYS = [
  ICalWeekday.SU,
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
];

/** The RRULE's parts for a rule, its weekday and day number from the series' first date. */
function repeatingOf(series: CalendarSeries, until: Date, exclude: TZDate[]) {
  const first = new Date(`${series.firstDate}T12:00:00Z`);
  const weekday = WEEKDAYS[first.getUTCDay()] ?? ICalWeekday.SA;
  // An empty list would still write an EXDATE line, with no date.
  const base = exclude.length > 0 ? { until, exclude } : { until };
  if (series.every === "week") return { ...base, freq: ICalEventRepeatingFreq.WEEKLY };
  if (series.every === "2weeks") return { ...base, freq: ICalEventRepeatingFreq.WEEKLY, interval: 2 };
  if (series.every === "month-date")
    return { ...base, freq: ICalEventRepeatingFreq.MONTHLY, byMonthDay: [first.getUTCDate()] };
  // 'first Saturday'; a fifth one repeats as the last (BYSETPOS=-1).
  return {
    ...base,
    freq: ICalEventRepeatingFreq.MONTHLY,
    byDay: [weekday],
    bySetPos: [weekdayOrdinal(series.firstDate)],
  };
}

const sameFields = (a: CalendarEvent, b: CalendarEvent) =>
  a.name === b.name &&
  a.comment === b.comment &&
  (a.location ?? null) === (b.location ?? null) &&
  (a.organiser ?? null) === (b.organiser ?? null);

/**
 * A repeating series as ONE entry (docs/product.md, 'Repeating events'): DTSTART;TZID= at its first
 * date in `events`, an RRULE up to its last one (UNTIL in UTC), an EXDATE;TZID= at the
 * series' time for every date the rule gives that is not among them (term-time skips,
 * dates deleted alone, dates not public), and an entry with RECURRENCE-ID for each date
 * changed alone. A calendar app expands it to exactly the dates the site lists.
 */
export function addSeries(
  calendar: ICalCalendar,
  series: CalendarSeries,
  events: readonly CalendarEvent[],
  site: CalendarSite,
): void {
  const dateOf = new Map(series.dates.map((date) => [String(date.eventId), date]));
  const members = events
    .flatMap((event) => {
      const date = dateOf.get(String(event.id));
      return date && validTime(event.date) ? [{ event, ...date }] : [];
    })
    .sort((a, b) => (a.seriesDate < b.seriesDate ? -1 : a.seriesDate > b.seriesDate ? 1 : 0));
  const first = members[0];
  const last = members.at(-1);
  if (!first || !last) return;
  const slot = (day: string) => occurrenceInstant(day, series.timeOfDay, site.timeZone);
  const master = members.find((member) => !member.changed && member.event.date === slot(member.seriesDate)) ?? first;
  const held = new Set(members.map((member) => member.seriesDate));
  const rule = {
    every: series.every,
    firstDate: series.firstDate,
    until: last.seriesDate,
    count: null,
    termTimeOnly: false,
  };
  const exclude = ruleDates(rule, [], last.seriesDate)
    .held.filter((day) => day >= first.seriesDate && !held.has(day))
    .map((day) => new TZDate(Date.parse(slot(day)), site.timeZone));
  const uid = `series-${series.id}@${new URL(site.origin).hostname}`;
  const start = slot(first.seriesDate);
  const entry = addEvent(calendar, { ...master.event, date: start }, site, uid);
  entry.repeating(repeatingOf(series, new Date(slot(last.seriesDate)), exclude));
  for (const member of members) {
    const moved = member.event.date !== slot(member.seriesDate);
    if (!member.changed && !moved && sameFields(member.event, master.event)) continue;
    const override = addEvent(calendar, member.event, site, uid);
    override.recurrenceId(new TZDate(Date.parse(slot(member.seriesDate)), site.timeZone));
  }
}

/** Plain text: the event's comment, who organises it, and the booking link on its own line. */
function describe(event: CalendarEvent): string {
  const parts = [event.comment];
  if (event.organiser) parts.push(`Organised by ${event.organiser}`);
  if (isWebUrl(event.bookingUrl)) parts.push(`Book: ${event.bookingUrl}`);
  return parts.filter(Boolean).join("\n\n");
}

/**
 * One event, for adding once: the "Add to calendar" download, or (with `publish`) the
 * file an e-mail carries, which iMIP (RFC 6047) wants marked METHOD:PUBLISH, as the
 * e-mail's part says too. No calendar name and no refresh hints: with a name, Outlook
 * and Apple Calendar offer to make a new calendar instead of adding the event. Null
 * when the event has no usable date.
 */
export function eventCalendar(event: CalendarEvent, site: CalendarSite, publish = false): string | null {
  if (!validTime(event.date)) return null;
  const calendar = newCalendar(site);
  if (publish) calendar.method(ICalCalendarMethod.PUBLISH);
  addEvent(calendar, event, site);
  return calendar.toString();
}

/** The file's name: the event's name as a slug, or its id when the name has no letters to use. */
export function calendarFileName(event: Pick<CalendarEvent, "id" | "name">): string {
  const slug = event.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${slug || `event-${String(event.id).replace(/[^A-Za-z0-9_-]/g, "") || "club"}`}.ics`;
}
