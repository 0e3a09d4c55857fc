import type { Kysely, Selectable } from "kysely";
import { addMonths, ruleDates, type RepeatEvery, type RepeatRule } from "../../common/event-repeats";
import type { TermStretch } from "../../common/term-time";
import type { Database, EventSeriesTable } from "./schema";

/**
 * Repeating events' series (docs/product.md, 'Repeating events'): the rule, and the `events` rows it
 * has made. Each held date is a real event row; rows are made only inside the window
 * (WINDOW_MONTHS ahead of now), at creation and by the daily upkeep (series-dates.ts), so
 * no read ever walks a rule without bound. What calendars read: series-calendars.ts.
 */

/** Occurrences exist up to this many months ahead of now. */
export const WINDOW_MONTHS = 18;

/** Term stretches read for a rule: far more than any school keeps in the window. */
export const TERM_STRETCH_LIMIT = 500;

/** A series as the admin's answers show it (docs/product.md, 'Repeating events'). */
export interface SeriesInfo {
  id: number;
  every: RepeatEvery;
  until: string | null;
  count: number | null;
  termTimeOnly: boolean;
}

export interface SeriesRecord extends SeriesInfo {
  timeOfDay: string;
  firstDate: string;
  madeUntil: string;
  createdAt: string;
  /** When what a calendar writes of it last changed (seriesChanged). */
  changedAt: string;
}

export const toRecord = (row: Selectable<EventSeriesTable>): SeriesRecord => ({
  id: row.id,
  every: row.every as RepeatEvery,
  until: row.until_date,
  count: row.count,
  termTimeOnly: row.term_time_only === 1,
  timeOfDay: row.time_of_day,
  firstDate: row.first_date,
  madeUntil: row.made_until,
  createdAt: row.created_at,
  changedAt: row.changed_at ?? row.updated_at,
});

export const infoOf = ({ id, every, until, count, termTimeOnly }: SeriesRecord): SeriesInfo => ({
  id,
  every,
  until,
  count,
  termTimeOnly,
});

export const ruleOf = (series: SeriesRecord): RepeatRule => ({
  every: series.every,
  firstDate: series.firstDate,
  until: series.until,
  count: series.count,
  termTimeOnly: series.termTimeOnly,
});

/** The local date up to which a series' dates exist as events, seen at `today`. */
export const windowEnd = (today: string): string => addMonths(today, WINDOW_MONTHS);

export async function getSeries(db: Kysely<Database>, id: number): Promise<SeriesRecord | null> {
  const row = await db.selectFrom("event_series").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The series of `ids` (at most a page of them), by id. */
export async function seriesByIds(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, SeriesRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("event_series")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toRecord(row)]));
}

export async function createSeries(
  db: Kysely<Database>,
  rule: RepeatRule,
  timeOfDay: string,
  now: Date,
): Promise<SeriesRecord> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("event_series")
    .values({
      every: rule.every,
      until_date: rule.until,
      count: rule.count,
      term_time_only: rule.termTimeOnly ? 1 : 0,
      time_of_day: timeOfDay,
      first_date: rule.firstDate,
      made_until: rule.firstDate,
      created_at: stamp,
      updated_at: stamp,
      changed_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/**
 * Changes a series' rule or time of day (its dates stay as made). A calendar is told of
 * a new rule or time (seriesChanged); `madeUntil` alone changes nothing it shows.
 */
export async function updateSeries(
  db: Kysely<Database>,
  id: number,
  change: Partial<Pick<SeriesRecord, "until" | "count" | "timeOfDay" | "madeUntil">>,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const shown = change.until !== undefined || change.count !== undefined || change.timeOfDay !== undefined;
  await db
    .updateTable("event_series")
    .set({
      ...(change.until !== undefined && { until_date: change.until }),
      ...(change.count !== undefined && { count: change.count }),
      ...(change.timeOfDay !== undefined && { time_of_day: change.timeOfDay }),
      ...(change.madeUntil !== undefined && { made_until: change.madeUntil }),
      ...(shown && { changed_at: stamp }),
      updated_at: stamp,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * What a calendar writes of these series changed now (a date deleted, changed, made or
 * published): their entries' SEQUENCE, DTSTAMP and LAST-MODIFIED move on (RFC 5545
 * 3.8.7.4), so calendar apps replace the copy they hold.
 */
export async function seriesChanged(db: Kysely<Database>, ids: ReadonlyArray<number | null>, now: Date) {
  const seriesIds = [...new Set(ids.filter((id): id is number => id !== null))];
  if (seriesIds.length === 0) return;
  await db.updateTable("event_series").set({ changed_at: now.toISOString() }).where("id", "in", seriesIds).execute();
}

export async function deleteSeries(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("event_series_skips").where("series_id", "=", id).execute();
  await db.deleteFrom("event_series").where("id", "=", id).execute();
}

/** A date deleted alone: never made again, and an EXDATE in the calendar. */
export async function addSkip(db: Kysely<Database>, seriesId: number, date: string, now: Date): Promise<void> {
  await db
    .insertInto("event_series_skips")
    .values({ series_id: seriesId, date })
    .onConflict((oc) => oc.columns(["series_id", "date"]).doNothing())
    .execute();
  await seriesChanged(db, [seriesId], now);
}

/** The dates of `seriesIds` deleted alone, up to `limit` of them. */
export async function skipsOf(
  db: Kysely<Database>,
  seriesIds: readonly number[],
  limit: number,
): Promise<Array<{ seriesId: number; date: string }>> {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .selectFrom("event_series_skips")
    .select(["series_id", "date"])
    .where("series_id", "in", [...seriesIds])
    .orderBy("series_id")
    .orderBy("date")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ seriesId: row.series_id, date: row.date }));
}

/** The dates a series holds up to `until`, leaving out those deleted alone. */
export async function heldDates(
  db: Kysely<Database>,
  series: SeriesRecord,
  stretches: readonly TermStretch[],
  until: string,
): Promise<{ held: string[]; skipped: string[] }> {
  const { held, skipped } = ruleDates(ruleOf(series), stretches, until);
  const deleted = new Set((await skipsOf(db, [series.id], held.length + 1)).map((skip) => skip.date));
  return { held: held.filter((day) => !deleted.has(day)), skipped };
}
