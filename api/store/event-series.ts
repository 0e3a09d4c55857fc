import type { Kysely, Selectable } from "kysely";
import {
  addMonths,
  localDateAndTime,
  occurrenceInstant,
  ruleDates,
  type RepeatEvery,
  type RepeatRule,
} from "../../common/event-repeats";
import type { TermStretch } from "../../common/term-time";
import { readBookingSettings, saveBookingSettings } from "./booking-settings";
import type { Database, EventSeriesTable } from "./schema";
import { publicAt, seenBy } from "./publishing";
import { reindex } from "./search-index";
import { listTermStretches } from "./terms";

/**
 * Repeating events' series (docs/product.md, 'Repeating events'): the rule, and the `events` rows it
 * has made. Each held date is a real event row; rows are made only inside the window
 * (WINDOW_MONTHS ahead of now), at creation and by the daily upkeep, so no read ever walks
 * a rule without bound. Rows are made insert-if-absent on (series_id, series_date): two
 * instances making the same window make each date once.
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
}

const toRecord = (row: Selectable<EventSeriesTable>): SeriesRecord => ({
  id: row.id,
  every: row.every as RepeatEvery,
  until: row.until_date,
  count: row.count,
  termTimeOnly: row.term_time_only === 1,
  timeOfDay: row.time_of_day,
  firstDate: row.first_date,
  madeUntil: row.made_until,
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Changes a series' rule or time of day (its dates stay as made). */
export async function updateSeries(
  db: Kysely<Database>,
  id: number,
  change: Partial<Pick<SeriesRecord, "until" | "count" | "timeOfDay" | "madeUntil">>,
  now: Date,
): Promise<void> {
  await db
    .updateTable("event_series")
    .set({
      ...(change.until !== undefined && { until_date: change.until }),
      ...(change.count !== undefined && { count: change.count }),
      ...(change.timeOfDay !== undefined && { time_of_day: change.timeOfDay }),
      ...(change.madeUntil !== undefined && { made_until: change.madeUntil }),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

export async function deleteSeries(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("event_series_skips").where("series_id", "=", id).execute();
  await db.deleteFrom("event_series").where("id", "=", id).execute();
}

/** A date deleted alone: never made again, and an EXDATE in the calendar. */
export async function addSkip(db: Kysely<Database>, seriesId: number, date: string): Promise<void> {
  await db
    .insertInto("event_series_skips")
    .values({ series_id: seriesId, date })
    .onConflict((oc) => oc.columns(["series_id", "date"]).doNothing())
    .execute();
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

/**
 * Makes the series' dates in `dates` that have no event yet as copies of `templateId`
 * (its fields, state and booking link), each at the series' time of day on the site's
 * clocks, and indexes them for search as a new event is. Answers the ids made.
 */
export async function makeOccurrences(
  db: Kysely<Database>,
  series: SeriesRecord,
  templateId: number,
  dates: readonly string[],
  timeZone: string,
  now: Date,
): Promise<Array<{ id: number; date: string }>> {
  if (dates.length === 0) return [];
  const template = await db.selectFrom("events").selectAll().where("id", "=", templateId).executeTakeFirstOrThrow();
  const stamp = now.toISOString();
  const made: Array<{ id: number; date: string }> = [];
  for (const day of dates) {
    const row = await db
      .insertInto("events")
      .values({
        name: template.name,
        date: occurrenceInstant(day, series.timeOfDay, timeZone),
        comment: template.comment,
        organiser: template.organiser,
        location: template.location,
        image_url: template.image_url,
        image_alt: template.image_alt,
        booking_url: template.booking_url,
        created_at: stamp,
        updated_at: stamp,
        publish_at: template.publish_at,
        announced_at: template.announced_at,
        series_id: series.id,
        series_date: day,
      })
      .onConflict((oc) => oc.columns(["series_id", "series_date"]).doNothing())
      .returning(["id", "date"])
      .executeTakeFirst();
    if (row) made.push(row);
  }
  await reindex(
    db,
    "event",
    made.map((row) => row.id),
    now,
  );
  return made;
}

/**
 * Makes a series' dates up to the window's end (WINDOW_MONTHS after today on the site's
 * clocks) that have no event yet, copying `templateId`; answers those made. Idempotent:
 * what exists, or was deleted alone, is left be.
 */
export async function extendSeries(
  db: Kysely<Database>,
  series: SeriesRecord,
  templateId: number,
  timeZone: string,
  now: Date,
): Promise<Array<{ id: number; date: string }>> {
  const end = windowEnd(localDateAndTime(now.toISOString(), timeZone).date);
  const stretches = await listTermStretches(db, TERM_STRETCH_LIMIT);
  const { held } = await heldDates(db, series, stretches, end);
  const missing = held.filter((day) => day > series.madeUntil || day === series.firstDate);
  const made = await makeOccurrences(db, series, templateId, missing, timeZone, now);
  await updateSeries(db, series.id, { madeUntil: end }, now);
  return made;
}

/** Series looked at in one go by the daily upkeep. */
const UPKEEP_BATCH = 50;

/**
 * The daily upkeep (docs/product.md, 'Repeating events'): every series whose window has moved on
 * gets its new dates, each a copy of its latest date (with its booking settings, closing
 * as long before it as the latest's did). Answers how many events were made.
 */
export async function extendAllSeries(db: Kysely<Database>, timeZone: string, now: Date): Promise<number> {
  const end = windowEnd(localDateAndTime(now.toISOString(), timeZone).date);
  let total = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("event_series")
      .selectAll()
      .where("id", ">", after)
      .where("made_until", "<", end)
      .where((eb) => eb.or([eb("until_date", "is", null), eb("until_date", ">", eb.ref("made_until"))]))
      .orderBy("id")
      .limit(UPKEEP_BATCH)
      .execute();
    for (const row of rows) {
      const series = toRecord(row);
      const latest = await db
        .selectFrom("events")
        .select(["id", "date", "booking_url"])
        .where("series_id", "=", series.id)
        .orderBy("series_changed")
        .orderBy("series_date", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!latest) continue;
      const made = await extendSeries(db, series, latest.id, timeZone, now);
      await copyBooking(db, latest, made);
      total += made.length;
    }
    if (rows.length < UPKEEP_BATCH) return total;
    after = rows.at(-1)?.id ?? after;
  }
}

/** Booked on this site: each new date gets the same settings and its own booking page. */
async function copyBooking(
  db: Kysely<Database>,
  template: { id: number; date: string; booking_url: string },
  made: ReadonlyArray<{ id: number; date: string }>,
): Promise<void> {
  const settings = await readBookingSettings(db, template.id);
  if (!settings) return;
  const ownPage = `/events/${template.id}/book`;
  for (const occurrence of made) {
    const shift = new Date(occurrence.date).getTime() - new Date(template.date).getTime();
    const closesAt = settings.closesAt && new Date(new Date(settings.closesAt).getTime() + shift).toISOString();
    await saveBookingSettings(db, occurrence.id, { ...settings, closesAt });
    if (template.booking_url.endsWith(ownPage)) {
      const url = template.booking_url.slice(0, -ownPage.length) + `/events/${occurrence.id}/book`;
      await db.updateTable("events").set({ booking_url: url }).where("id", "=", occurrence.id).execute();
    }
  }
}

/** A series as a calendar writes it: its rule and which of its dates visitors see. */
export interface SeriesCalendar {
  id: number;
  every: RepeatEvery;
  /** The first date: a month rule's weekday place ('first Saturday') and day number come from it. */
  firstDate: string;
  timeOfDay: string;
  /** Each public event of the series: its original date, and whether it was changed alone. */
  dates: Array<{ eventId: number; seriesDate: string; changed: boolean }>;
}

/** The most dates a calendar answer gives of one series: the feed carries no more events. */
export const SERIES_CALENDAR_DATES = 200;

export async function seriesCalendars(
  db: Kysely<Database>,
  ids: readonly number[],
  now: Date,
): Promise<SeriesCalendar[]> {
  const found = await seriesByIds(db, ids);
  const answers: SeriesCalendar[] = [];
  for (const series of found.values()) {
    const rows = await db
      .selectFrom("events")
      .select(["id", "series_date", "series_changed"])
      .where("series_id", "=", series.id)
      .where(seenBy(publicAt(now)))
      .orderBy("series_date")
      .limit(SERIES_CALENDAR_DATES)
      .execute();
    // A series none of whose dates is public yet is not announced (docs/product.md, 'Publishing').
    if (rows.length === 0) continue;
    answers.push({
      id: series.id,
      every: series.every,
      firstDate: series.firstDate,
      timeOfDay: series.timeOfDay,
      dates: rows.map((row) => ({
        eventId: row.id,
        seriesDate: row.series_date ?? "",
        changed: row.series_changed === 1,
      })),
    });
  }
  return answers.sort((a, b) => a.id - b.id);
}
