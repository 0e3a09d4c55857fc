import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { subMonths } from "date-fns";
import ical, { escape, type ICalCalendar } from "ical-generator";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "../site.server";
import { eventPagePath, isWebUrl } from "../paths/site";
import { xmlSafe } from "../xml.server";

/**
 * The events as iCalendar (RFC 5545): the subscribable /events.ics and the one-event
 * download behind "Add to calendar". Written with ical-generator; the VTIMEZONE comes
 * from @touch4it/ical-timezones, so a calendar app places 10:00 in the site's zone at
 * 10:00 there on both sides of a daylight-saving change.
 */

/**
 * The feed keeps past events for this many months: long enough that a parent can look
 * back at this term's events in their calendar, short enough that the file (fetched by
 * every subscriber about once an hour) does not grow with the club's whole history.
 */
export const CALENDAR_PAST_MONTHS = 3;

/**
 * Events have a start but no end time (docs/product.md, 'Entities and their fields'). A calendar entry needs a length to
 * show as a block rather than a point; two hours fits a club outing, and the event page
 * linked from the entry has the details.
 */
export const DEFAULT_EVENT_MINUTES = 120;

/** How often subscribers are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_SECONDS = 60 * 60;

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

const validTime = (iso: string) => !Number.isNaN(Date.parse(iso));

/**
 * The most events the feed carries: the next ones first, then the recent past. More
 * than a club plans ahead, and a bound on the work of making the file (ical-generator
 * takes about 0.3 ms an event).
 */
export const CALENDAR_MAX_EVENTS = 100;

/** The oldest an event in the feed may be: the feed carries every one still to come, and those of the last few months. */
export function calendarCutoff(now: string): string {
  return subMonths(new Date(now), CALENDAR_PAST_MONTHS).toISOString();
}

/** The events the feed carries, of those it was given. */
export function eventsInCalendar<T extends Pick<ClubEvent, "date">>(events: T[], now: string): T[] {
  const cutoff = Date.parse(calendarCutoff(now));
  return events.filter((event) => validTime(event.date) && Date.parse(event.date) >= cutoff);
}

/** The subscribable calendar of `events` (see eventsInCalendar for which ones). */
export function calendarFeed(events: ClubEvent[], site: SiteInfo): string {
  const calendar = newCalendar(site);
  // Calendar NAME and TEXT values are not escaped by ical-generator; a comma in the club's name would be.
  calendar.name(escape(`${site.name} events`, false));
  calendar.ttl(CALENDAR_REFRESH_SECONDS);
  for (const event of eventsInCalendar(events, site.now)) addEvent(calendar, event, site);
  return calendar.toString();
}

/**
 * One event, for importing once. No calendar name and no refresh hints: with a name,
 * Outlook and Apple Calendar offer to make a new calendar instead of adding the event.
 * Null when the event has no usable date.
 */
export function eventCalendar(event: ClubEvent, site: SiteInfo): string | null {
  if (!validTime(event.date)) return null;
  const calendar = newCalendar(site);
  addEvent(calendar, event, site);
  return calendar.toString();
}

/** The download's file name: the event's name as a slug, or its id when the name has no letters to use. */
export function calendarFileName(event: Pick<ClubEvent, "id" | "name">): string {
  const slug = event.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${slug || `event-${event.id.replace(/[^A-Za-z0-9_-]/g, "") || "club"}`}.ics`;
}

/**
 * A number that only grows as the event is edited: the whole seconds between its
 * creation and its last edit. Calendar apps replace their copy of an event when
 * SEQUENCE (with LAST-MODIFIED) is higher than the one they hold; the /api keeps no
 * edit counter, and this needs none. Two edits within one second share a number, which
 * no person editing through the admin area will notice. 0 when the upstream does not
 * say when the event changed.
 */
export function sequenceOf(event: Pick<ClubEvent, "createdAt" | "updatedAt">): number {
  if (!event.createdAt || !event.updatedAt) return 0;
  const seconds = Math.floor((Date.parse(event.updatedAt) - Date.parse(event.createdAt)) / 1000);
  // SEQUENCE is a 32-bit INTEGER (RFC 5545 §3.3.8); 68 years of edits fit.
  return Math.min(Math.max(seconds, 0), 2 ** 31 - 1);
}

function newCalendar(site: SiteInfo): ICalCalendar {
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

function addEvent(calendar: ICalCalendar, event: ClubEvent, site: SiteInfo): void {
  const start = new TZDate(Date.parse(event.date), site.timeZone);
  calendar.createEvent({
    // Stable across fetches and edits: the app matches its copy by it.
    id: `event-${event.id}@${new URL(site.origin).hostname}`,
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

/** Plain text: the event's comment, who organises it, and the booking link on its own line. */
function describe(event: ClubEvent): string {
  const parts = [event.comment];
  if (event.organiser) parts.push(`Organised by ${event.organiser}`);
  if (isWebUrl(event.bookingUrl)) parts.push(`Book: ${event.bookingUrl}`);
  return parts.filter(Boolean).join("\n\n");
}
