import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, type ICalCalendar } from "ical-generator";
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

export function addEvent(calendar: ICalCalendar, event: CalendarEvent, site: CalendarSite): void {
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
