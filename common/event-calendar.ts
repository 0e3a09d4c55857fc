import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { contentLine, CRLF, duration, localStamp, textValue, utcStamp, type Params } from "./ical-lines";
import { occurrenceInstant } from "./event-repeats";
import { eventPagePath, isWebUrl } from "./web-paths";

/**
 * One club event as iCalendar (RFC 5545), for the site's calendar files and the booking
 * e-mails alike, so an event added from either is the same entry in a parent's calendar
 * (the same UID) and is updated by the other. A date of a repeating series has the
 * series' UID and its RECURRENCE-ID everywhere (common/series-calendar.ts writes the
 * series). The VTIMEZONE comes from @touch4it/ical-timezones, so a calendar app places
 * 10:00 in the site's zone at 10:00 there on both sides of a daylight-saving change.
 */

/** Where a date of a repeating series stands in it: what its own file needs to be that date of the series' entry. */
export interface SeriesPlace {
  seriesId: string | number;
  /** The local date the series made it for (YYYY-MM-DD), and the series' time of day ('HH:MM'). */
  seriesDate: string;
  timeOfDay: string;
  /** When the series was made and when what a calendar writes of it last changed (ISO, UTC), when known. */
  createdAt?: string;
  changedAt?: string;
}

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

/** When an entry was made and last changed: an event's own, or (a series' entries) its series'. */
export type Changes = Pick<CalendarEvent, "createdAt" | "updatedAt">;

/**
 * A number that only grows as the event is edited: the whole seconds between its
 * creation and its last edit. Calendar apps replace their copy of an event when
 * SEQUENCE (with LAST-MODIFIED) is higher than the one they hold; the /api keeps no
 * edit counter, and this needs none. Two edits within one second share a number, which
 * no person editing through the admin area will notice. 0 when it is not known when
 * the event changed.
 */
export function sequenceOf(event: Changes): number {
  if (!event.createdAt || !event.updatedAt) return 0;
  const seconds = Math.floor((Date.parse(event.updatedAt) - Date.parse(event.createdAt)) / 1000);
  // SEQUENCE is a 32-bit INTEGER (RFC 5545 §3.3.8); 68 years of edits fit.
  return Math.min(Math.max(seconds, 0), 2 ** 31 - 1);
}

const zones = new Map<string, string | null>();

/** The zone's VTIMEZONE with CRLF line ends, or null for a zone the package does not know. */
function vtimezone(timeZone: string): string | null {
  if (!zones.has(timeZone)) {
    const component = getVtimezoneComponent(timeZone);
    zones.set(timeZone, component ? `${component.trim().split(/\r?\n/).join(CRLF)}${CRLF}` : null);
  }
  return zones.get(timeZone) ?? null;
}

/**
 * A DATE-TIME property (one instant, or a list of them) on the site's clocks with TZID, or
 * in UTC where no VTIMEZONE can say the zone's rules.
 */
export function zonedLine(name: string, instants: string | string[], site: CalendarSite): string {
  const all = typeof instants === "string" ? [instants] : instants;
  if (vtimezone(site.timeZone) === null) return contentLine(name, all.map(utcStamp).join(","));
  const values = all.map((instant) => localStamp(instant, site.timeZone)).join(",");
  return contentLine(name, values, [["TZID", site.timeZone]]);
}

/** What else an entry may say: the series it belongs to and the instance it stands for, who sends it. */
export interface EntryParts {
  uid?: string;
  changes?: Changes;
  /** The instance of a series this entry replaces (its start as the rule gives it). */
  recurrenceId?: string;
  /** Lines placed after DTEND: a series' RRULE and EXDATE. */
  rule?: string;
  /** RFC 5546 §3.2.1: a published event names its organiser. */
  organizer?: Organizer;
}

export interface Organizer {
  name: string;
  email: string;
}

const hosts = new Map<string, string>();
/** The site's host name, which ends every UID (RFC 5545 §3.8.4.7); one URL parse per origin. */
function hostOf(site: CalendarSite): string {
  let host = hosts.get(site.origin);
  if (host === undefined) {
    host = new URL(site.origin).hostname;
    hosts.set(site.origin, host);
  }
  return host;
}
export const eventUid = (id: string | number, site: CalendarSite) => `event-${id}@${hostOf(site)}`;
export const seriesUid = (id: string | number, site: CalendarSite) => `series-${id}@${hostOf(site)}`;

/** One VEVENT, its lines ended with CRLF. */
export function eventEntry(event: CalendarEvent, site: CalendarSite, parts: EntryParts = {}): string {
  const changes = parts.changes ?? event;
  const end = new Date(Date.parse(event.date) + DEFAULT_EVENT_MINUTES * 60_000).toISOString();
  const params: Params = parts.organizer ? [["CN", parts.organizer.name]] : [];
  return [
    "BEGIN:VEVENT\r\n",
    // Stable across fetches and edits: the app matches its copy by it.
    contentLine("UID", textValue(parts.uid ?? eventUid(event.id, site))),
    contentLine("SEQUENCE", String(sequenceOf(changes))),
    // Without METHOD, DTSTAMP is when the event was last revised (RFC 5545 §3.8.7.2).
    contentLine("DTSTAMP", utcStamp(changes.updatedAt ?? site.now)),
    zonedLine("DTSTART", event.date, site),
    zonedLine("DTEND", end, site),
    parts.rule ?? "",
    parts.recurrenceId ? zonedLine("RECURRENCE-ID", parts.recurrenceId, site) : "",
    contentLine("SUMMARY", textValue(event.name)),
    event.location ? contentLine("LOCATION", textValue(event.location)) : "",
    contentLine("DESCRIPTION", textValue(describe(event))),
    contentLine("URL", `${site.origin}${eventPagePath(event.id)}`, [["VALUE", "URI"]]),
    parts.organizer ? contentLine("ORGANIZER", `mailto:${parts.organizer.email}`, params) : "",
    changes.createdAt ? contentLine("CREATED", utcStamp(changes.createdAt)) : "",
    changes.updatedAt ? contentLine("LAST-MODIFIED", utcStamp(changes.updatedAt)) : "",
    "END:VEVENT\r\n",
  ].join("");
}

/** Plain text: the event's comment, who organises it, and the booking link on its own line. */
function describe(event: CalendarEvent): string {
  const parts = [event.comment];
  if (event.organiser) parts.push(`Organised by ${event.organiser}`);
  if (isWebUrl(event.bookingUrl)) parts.push(`Book: ${event.bookingUrl}`);
  return parts.filter(Boolean).join("\n\n");
}

/** What a calendar says of itself: a name and refresh hints for a subscription, METHOD for a published one. */
export interface CalendarHead {
  name?: string;
  refreshSeconds?: number;
  publish?: boolean;
}

/** The file's opening: the calendar's own properties, then the zone's VTIMEZONE when an entry needs it (RFC 5545 §3.4, §3.6). */
export function calendarOpening(site: CalendarSite, head: CalendarHead, withZone: boolean): string {
  const refresh = head.refreshSeconds ? duration(head.refreshSeconds) : null;
  return [
    "BEGIN:VCALENDAR\r\n",
    contentLine("VERSION", "2.0"),
    contentLine("PRODID", `-//${hostOf(site)}//Events//EN`),
    head.publish ? contentLine("METHOD", "PUBLISH") : "",
    head.name ? contentLine("NAME", textValue(head.name)) + contentLine("X-WR-CALNAME", textValue(head.name)) : "",
    refresh ? contentLine("REFRESH-INTERVAL", refresh, [["VALUE", "DURATION"]]) : "",
    refresh ? contentLine("X-PUBLISHED-TTL", refresh) : "",
    // For apps (Google Calendar among them) that read the calendar's zone from this.
    contentLine("X-WR-TIMEZONE", textValue(site.timeZone)),
    withZone ? (vtimezone(site.timeZone) ?? "") : "",
  ].join("");
}

export const CALENDAR_CLOSING = "END:VCALENDAR\r\n";

/** What a one-event file says besides the event: METHOD:PUBLISH and its organiser (an e-mail's), its place in a series. */
export interface OneEventOptions {
  publish?: boolean;
  organizer?: Organizer;
  series?: SeriesPlace;
}

/**
 * One event, for adding once: the "Add to calendar" download, or (with `publish`) the
 * file an e-mail carries, which iMIP (RFC 6047) wants marked METHOD:PUBLISH, as the
 * e-mail's part says too. No calendar name and no refresh hints: with a name, Outlook
 * and Apple Calendar offer to make a new calendar instead of adding the event. A date of
 * a series is that date of the series' entry (its UID and RECURRENCE-ID), so a parent who
 * subscribed and also adds the date keeps one entry. Null when the event has no usable date.
 */
export function eventCalendar(event: CalendarEvent, site: CalendarSite, options: OneEventOptions = {}): string | null {
  if (!validTime(event.date)) return null;
  const { series } = options;
  const parts: EntryParts = series
    ? {
        uid: seriesUid(series.seriesId, site),
        changes:
          series.createdAt && series.changedAt ? { createdAt: series.createdAt, updatedAt: series.changedAt } : event,
        recurrenceId: occurrenceInstant(series.seriesDate, series.timeOfDay, site.timeZone),
      }
    : {};
  const entry = eventEntry(event, site, { ...parts, organizer: options.organizer });
  return calendarOpening(site, { publish: options.publish }, true) + entry + CALENDAR_CLOSING;
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
