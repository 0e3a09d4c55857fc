import type { Kysely } from "kysely";
import type { SeriesPlace } from "../../common/event-calendar";
import type { RepeatEvery } from "../../common/event-repeats";
import { seriesByIds } from "./event-series";
import { eventsByIds, type EventItem } from "./events";
import { publicAt, seenBy } from "./publishing";
import type { Database } from "./schema";

/**
 * What a calendar reads of repeating series (docs/product.md, 'Repeating events'): each
 * series' rule, its public dates, and the events whose fields it writes, so the
 * subscription (/events.ics) writes a series as one entry from a single answer, however
 * many dates it has. Only what is public now (docs/product.md, 'Publishing').
 */

/** A series as a calendar writes it: its rule and which of its dates visitors see. */
export interface SeriesCalendar {
  id: number;
  every: RepeatEvery;
  /** The first date: a month rule's weekday place ('first Saturday') and day number come from it. */
  firstDate: string;
  timeOfDay: string;
  /** When it was made and when what a calendar writes of it last changed (SEQUENCE, DTSTAMP). */
  createdAt: string;
  changedAt: string;
  /** Each public event of the series: its original date, and whether it was changed alone. */
  dates: Array<{ eventId: number; seriesDate: string; changed: boolean }>;
  /** The events the calendar writes from: the first date not changed alone (the series' own fields), and each date changed alone. */
  events: EventItem[];
}

/**
 * The most dates a calendar answer gives of one series. Dates exist 18 months ahead, so
 * a weekly series has about 80 from three months back; a series older than that, asked
 * for without `from`, is cut here.
 */
export const SERIES_CALENDAR_DATES = 200;

/** Series in one answer. */
export const SERIES_CALENDAR_PAGE = 100;

/**
 * The series of `ids` that have a public date (at or after `from`, an ISO instant, when
 * given), with those dates, by id.
 */
export async function seriesCalendars(
  db: Kysely<Database>,
  ids: readonly number[],
  now: Date,
  from?: string,
): Promise<SeriesCalendar[]> {
  const found = await seriesByIds(db, ids.slice(0, SERIES_CALENDAR_PAGE));
  if (found.size === 0) return [];
  const rows = await db
    .selectFrom("events")
    .select(["id", "series_id", "series_date", "series_changed"])
    .where("series_id", "in", [...found.keys()])
    .where(seenBy(publicAt(now)))
    .$if(from !== undefined, (query) => query.where("date", ">=", from ?? ""))
    .orderBy("series_id")
    .orderBy("series_date")
    .limit(SERIES_CALENDAR_DATES * found.size)
    .execute();
  const datesOf = new Map<number, typeof rows>();
  for (const row of rows) {
    const dates = datesOf.get(row.series_id ?? 0) ?? [];
    if (dates.length < SERIES_CALENDAR_DATES) dates.push(row);
    datesOf.set(row.series_id ?? 0, dates);
  }
  const written = [...datesOf.values()].flatMap((dates) => {
    const own = dates.find((row) => row.series_changed === 0) ?? dates[0];
    return dates.filter((row) => row === own || row.series_changed === 1).map((row) => row.id);
  });
  const events = await eventsByIds(db, written);
  const answers: SeriesCalendar[] = [];
  for (const series of found.values()) {
    const dates = datesOf.get(series.id);
    // A series none of whose dates is public (yet) is not announced.
    if (!dates) continue;
    answers.push({
      id: series.id,
      every: series.every,
      firstDate: series.firstDate,
      timeOfDay: series.timeOfDay,
      createdAt: series.createdAt,
      changedAt: series.changedAt,
      dates: dates.map((row) => ({
        eventId: row.id,
        seriesDate: row.series_date ?? "",
        changed: row.series_changed === 1,
      })),
      events: events.filter((event) => event.seriesId === series.id),
    });
  }
  return answers.sort((a, b) => a.id - b.id);
}

/**
 * A window of the series with a public date at or after `from`, by id: what the
 * subscription holds, each series whatever its number of dates.
 */
export async function seriesCalendarsFrom(
  db: Kysely<Database>,
  from: string,
  window: { limit: number; offset: number },
  now: Date,
): Promise<SeriesCalendar[]> {
  const rows = await db
    .selectFrom("events")
    .select("series_id")
    .where("series_id", "is not", null)
    .where("date", ">=", from)
    .where(seenBy(publicAt(now)))
    .groupBy("series_id")
    .orderBy("series_id")
    .limit(Math.min(window.limit, SERIES_CALENDAR_PAGE))
    .offset(window.offset)
    .execute();
  return seriesCalendars(
    db,
    rows.map((row) => row.series_id ?? 0),
    now,
    from,
  );
}

/**
 * Where event `eventId` stands in its series, for its own calendar file (a booking
 * e-mail's): that date of the series' entry. Undefined for a single event.
 */
export async function seriesPlaceOf(db: Kysely<Database>, eventId: number): Promise<SeriesPlace | undefined> {
  const row = await db
    .selectFrom("events")
    .innerJoin("event_series", "event_series.id", "events.series_id")
    .select(["event_series.id", "events.series_date", "event_series.time_of_day", "event_series.created_at"])
    .select(["event_series.changed_at", "event_series.updated_at"])
    .where("events.id", "=", eventId)
    .executeTakeFirst();
  if (!row?.series_date) return undefined;
  return {
    seriesId: row.id,
    seriesDate: row.series_date,
    timeOfDay: row.time_of_day,
    createdAt: row.created_at,
    changedAt: row.changed_at ?? row.updated_at,
  };
}
