import { subMonths } from "date-fns";
import { CALENDAR_CLOSING, calendarOpening, eventEntry, validTime } from "../../../common/event-calendar";
import { occurrenceInstant } from "../../../common/event-repeats";
import { octets } from "../../../common/ical-lines";
import { seriesEntries } from "../../../common/series-calendar";
import type { ClubEvent, EventSeriesCalendar } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "../site.server";

/**
 * The subscribable /events.ics: the club's events as one iCalendar feed, each written
 * as common/event-calendar.ts writes the one-event download and the booking e-mails' file,
 * each repeating series as one entry (common/series-calendar.ts), within a byte budget.
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
 * The most the feed weighs (docs/product.md, 'Business constants and limits';
 * docs/performance.md, 'The calendar'): 64 KB, about 140 single events, and a series is
 * one entry whatever its number of dates. A club plans a few dozen events a year, so only
 * a site with years of events ahead reaches it, and then loses its furthest events first.
 * It is small for a calendar app and for a phone fetching it every hour (a few kilobytes
 * gzipped), and reading and writing that much fits the 50 ms a request may take at 5,000
 * events on a quiet machine (twice as much did not, docs/performance.md).
 */
export const CALENDAR_MAX_BYTES = 64 * 1024;

/** No entry is smaller: how many items the feed may look at for its budget, counting those it skips. */
const SMALLEST_ENTRY_BYTES = 256;

/** The oldest an event in the feed may be: the feed carries every one still to come, and those of the last few months. */
export function calendarCutoff(now: string): string {
  return subMonths(new Date(now), CALENDAR_PAST_MONTHS).toISOString();
}

/** Where the feed's entries come from, each in the order they are kept while the budget lasts. */
export interface CalendarSources {
  /** The series with a public date since the cutoff, each with the events it is written from. */
  series: AsyncIterable<EventSeriesCalendar>;
  /** The single events since the cutoff, nearest to now first (the recent past beside the next weeks). */
  singles: AsyncIterable<ClubEvent>;
}

interface Kept {
  start: number;
  text: string;
}

/** The feed, and the newest change among its entries (its Last-Modified), when the upstream says. */
export interface CalendarFile {
  text: string;
  lastModified: Date | null;
}

/**
 * The subscribable calendar: every series with a date in its window, then single events
 * nearest to now first, as long as the file stays within CALENDAR_MAX_BYTES. Entries
 * are written in date order.
 */
export async function calendarFeed(site: SiteInfo, sources: CalendarSources): Promise<CalendarFile> {
  const head = { name: `${site.name} events`, refreshSeconds: CALENDAR_REFRESH_SECONDS };
  let used = octets(calendarOpening(site, head, true)) + octets(CALENDAR_CLOSING);
  let looks = Math.floor(CALENDAR_MAX_BYTES / SMALLEST_ENTRY_BYTES);
  let newest = -Infinity;
  const kept: Kept[] = [];
  const keep = (start: string, text: string, changed: Array<string | undefined>): boolean => {
    const size = octets(text);
    if (used + size > CALENDAR_MAX_BYTES) return false;
    used += size;
    kept.push({ start: Date.parse(start), text });
    const times = changed.map((at) => (at ? Date.parse(at) : Number.NaN)).filter((t) => !Number.isNaN(t));
    newest = Math.max(newest, ...times);
    return true;
  };
  const written = new Set<string>();
  for await (const series of sources.series) {
    if ((looks -= 1) < 0) break;
    const entries = seriesEntries(series, series.events, site);
    const first = series.dates.map((date) => date.seriesDate).sort()[0];
    if (entries.length === 0 || first === undefined) continue;
    const changed = [series.changedAt, ...series.events.map((event) => event.updatedAt)];
    if (!keep(occurrenceInstant(first, series.timeOfDay, site.timeZone), entries.join(""), changed)) break;
    written.add(series.id);
  }
  for await (const event of sources.singles) {
    if ((looks -= 1) < 0) break;
    // A date of a series already written (an upstream that lists them among the singles).
    if ((event.seriesId !== undefined && written.has(event.seriesId)) || !validTime(event.date)) continue;
    if (!keep(event.date, eventEntry(event, site), [event.updatedAt])) break;
  }
  kept.sort((a, b) => a.start - b.start);
  const text =
    calendarOpening(site, head, kept.length > 0) + kept.map((entry) => entry.text).join("") + CALENDAR_CLOSING;
  return { text, lastModified: Number.isFinite(newest) ? new Date(newest) : null };
}

const distance = (event: Pick<ClubEvent, "date">, now: number) => Math.abs(Date.parse(event.date) - now);

/**
 * Two lists of events, the upcoming ones soonest first and the past ones most recent
 * first, as one, nearest to `now` first: what the feed keeps when its budget runs out is
 * the past beyond a few months' reach and the future furthest away. Reads each list only
 * as far as it is taken.
 */
export async function* nearestFirst<E extends Pick<ClubEvent, "date">>(
  now: string,
  upcoming: AsyncIterable<E>,
  recent: AsyncIterable<E>,
): AsyncGenerator<E> {
  const at = Date.parse(now);
  const ahead = upcoming[Symbol.asyncIterator]();
  const behind = recent[Symbol.asyncIterator]();
  let next = await ahead.next();
  let last = await behind.next();
  while (!next.done || !last.done) {
    if (last.done || (!next.done && distance(next.value, at) <= distance(last.value, at))) {
      yield next.value;
      next = await ahead.next();
    } else {
      yield last.value;
      last = await behind.next();
    }
  }
}
