import { subMonths } from "date-fns";
import { escape } from "ical-generator";
import { addEvent, addSeries, newCalendar, validTime } from "../../../common/event-calendar";
import type { ClubEvent, EventSeriesCalendar } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "../site.server";

/**
 * The subscribable /events.ics: the club's events as one iCalendar feed, each written
 * as common/event-calendar.ts writes the one-event download and the booking e-mails' file.
 */

/**
 * The feed keeps past events for this many months: long enough that a parent can look
 * back at this term's events in their calendar, short enough that the file (fetched by
 * every subscriber about once an hour) does not grow with the club's whole history.
 */
export const CALENDAR_PAST_MONTHS = 3;

/** How often subscribers are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_SECONDS = 60 * 60;

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

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
export function calendarFeed(events: ClubEvent[], site: SiteInfo, series: readonly EventSeriesCalendar[] = []): string {
  const calendar = newCalendar(site);
  // Calendar NAME and TEXT values are not escaped by ical-generator; a comma in the club's name would be.
  calendar.name(escape(`${site.name} events`, false));
  calendar.ttl(CALENDAR_REFRESH_SECONDS);
  const carried = eventsInCalendar(events, site.now);
  // docs/product.md, 'Repeating events': a repeating series is one entry with its rule; the rest one entry each.
  const known = new Map(series.map((one) => [one.id, one]));
  for (const event of carried) {
    if (event.seriesId === undefined || !known.has(event.seriesId)) addEvent(calendar, event, site);
  }
  for (const one of series) {
    addSeries(
      calendar,
      one,
      carried.filter((event) => event.seriesId === one.id),
      site,
    );
  }
  return calendar.toString();
}
