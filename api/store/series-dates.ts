import type { Kysely } from "kysely";
import { localDateAndTime, occurrenceInstant } from "../../common/event-repeats";
import { readBookingSettings, saveBookingSettings } from "./booking-settings";
import {
  heldDates,
  seriesChanged,
  TERM_STRETCH_LIMIT,
  toRecord,
  updateSeries,
  windowEnd,
  type SeriesRecord,
} from "./event-series";
import type { Database } from "./schema";
import { reindex } from "./search-index";
import { listTermStretches } from "./terms";

/**
 * A repeating series' dates made as events (docs/product.md, 'Repeating events'): the
 * window's at its creation, and the daily upkeep's as the window moves on. Each is an
 * `events` row made insert-if-absent on (series_id, series_date), so two instances
 * making the same window make each date once (event-series.ts keeps the rule).
 */

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
  // New dates carry the calendar's UNTIL further.
  if (made.length > 0) await seriesChanged(db, [series.id], now);
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

/** Scheduled events now public: the series some of them are dates of changed (seriesChanged). */
export async function datesPublished(db: Kysely<Database>, eventIds: number[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  const rows = await db.selectFrom("events").select("series_id").where("id", "in", eventIds).execute();
  await seriesChanged(
    db,
    rows.map((row) => row.series_id),
    now,
  );
}
