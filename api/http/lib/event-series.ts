import type { Context, Next } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  addDays,
  addMonths,
  localDateAndTime,
  occurrenceInstant,
  REPEAT_COUNT_MAX,
  REPEAT_EVERY,
  ruleDates,
  type RepeatRule,
} from "../../../common/event-repeats";
import {
  addSkip,
  createSeries,
  deleteSeries,
  getSeries,
  infoOf,
  ruleOf,
  seriesByIds,
  TERM_STRETCH_LIMIT,
  updateSeries,
  windowEnd,
  type SeriesInfo,
  type SeriesRecord,
} from "../../store/event-series";
import { extendSeries } from "../../store/series-dates";
import type { TokenUser } from "../../store/tokens";
import { createEvent, type AdminEventItem, type EventInput, type EventItem } from "../../store/events";
import type { Database } from "../../store/schema";
import { listTermStretches } from "../../store/terms";
import { recordChange } from "./activity";
import type { ApiDeps, ApiEnv } from "./context";
import { ApiError, notFound } from "./errors";
import type { EventBooking } from "./event-booking";
import { localDay, parseId, readJson, validate } from "./validation";

/**
 * Repeating events through the product spec's event calls (docs/product.md, 'Repeating events'):
 * POST's optional `repeat`, the `series` of admin answers, and `?scope=` on PUT and
 * DELETE. Every date held is a real event; the store's event-series.ts keeps the rule.
 */

export const repeatSchema = z
  .object({
    every: z.enum(REPEAT_EVERY, { error: `must be one of ${REPEAT_EVERY.join(", ")}` }),
    until: localDay().optional(),
    count: z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, `must be from 1 to ${REPEAT_COUNT_MAX}`)
      .max(REPEAT_COUNT_MAX, `must be from 1 to ${REPEAT_COUNT_MAX}`)
      .optional(),
    termTimeOnly: z.boolean({ error: "must be true or false" }).default(false),
  })
  .superRefine((repeat, ctx) => {
    if (repeat.until === undefined && repeat.count === undefined) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "give until or count" });
    } else if (repeat.until !== undefined && repeat.count !== undefined) {
      ctx.addIssue({ code: "custom", path: ["count"], message: "give until or count, not both" });
    }
  });
export type RepeatInput = z.output<typeof repeatSchema>;

export type Scope = "one" | "following" | "all";
const scopeSchema = z.enum(["one", "following", "all"], { error: "must be one, following or all" }).default("one");

function scopeOf(c: Context<ApiEnv>): Scope {
  const result = scopeSchema.safeParse(c.req.query("scope"));
  if (!result.success) throw new ApiError(400, "scope: must be one, following or all", { field: "scope" });
  return result.data;
}

const today = (deps: ApiDeps) => localDateAndTime(deps.now().toISOString(), deps.mail.settings.timeZone).date;
const stretches = (db: Kysely<Database>) => listTermStretches(db, TERM_STRETCH_LIMIT);

/** The event's booking, its closing time moved with the event from `from` to `to`. */
function bookingAt(booking: EventBooking | undefined, from: string, to: string): EventBooking | undefined {
  if (booking?.mode !== "site" || booking.closesAt === null) return booking;
  const shift = new Date(to).getTime() - new Date(from).getTime();
  return { ...booking, closesAt: new Date(new Date(booking.closesAt).getTime() + shift).toISOString() };
}

type SeriesBody = EventInput & { repeat?: RepeatInput; booking?: EventBooking };

/** What an event's create and update also do for a series, in the save's transaction. */
export function seriesWrites(deps: ApiDeps) {
  const timeZone = () => deps.mail.settings.timeZone;
  return {
    /**
     * A new event, or a series' first date held: a series starts on the date given, and
     * when term time skips that date, on the first date it holds. No date held: 400.
     */
    async create(db: Kysely<Database>, input: SeriesBody, now: Date, publishAt: string | null): Promise<EventItem> {
      if (!input.repeat) return createEvent(db, input, now, publishAt);
      const { date: firstDate, timeOfDay } = localDateAndTime(input.date, timeZone());
      const rule: RepeatRule = {
        every: input.repeat.every,
        firstDate,
        until: input.repeat.until ?? null,
        count: input.repeat.count ?? null,
        termTimeOnly: input.repeat.termTimeOnly,
      };
      if (rule.until !== null && rule.until < firstDate) {
        throw new ApiError(400, "repeat.until: must not be before the event's date", { field: "repeat.until" });
      }
      const { held } = ruleDates(rule, await stretches(db), windowEnd(today(deps)));
      const first = held[0];
      if (first === undefined) {
        throw new ApiError(400, "repeat: no date is held (term time skips every one)", { field: "repeat" });
      }
      const series = await createSeries(db, rule, timeOfDay, now);
      const item = await createEvent(
        db,
        { ...input, date: occurrenceInstant(first, timeOfDay, timeZone()) },
        now,
        publishAt,
      );
      await db
        .updateTable("events")
        .set({ series_id: series.id, series_date: first })
        .where("id", "=", item.id)
        .execute();
      return { ...item, seriesId: series.id };
    },

    /** After a series' first date is saved: the rest of the window, each with the same booking. */
    async afterCreate(
      db: Kysely<Database>,
      item: EventItem,
      input: SeriesBody,
      now: Date,
      applyBooking: (item: EventItem, booking: EventBooking | undefined) => Promise<unknown>,
    ): Promise<void> {
      if (!input.repeat || item.seriesId === undefined) return;
      const series = await getSeries(db, item.seriesId);
      if (!series) return;
      const made = await extendSeries(db, series, item.id, deps.mail.settings.timeZone, now);
      for (const occurrence of made) {
        await applyBooking(
          { ...item, id: occurrence.id, date: occurrence.date },
          bookingAt(input.booking, item.date, occurrence.date),
        );
      }
    },
  };
}

/** Admin answers of occurrences carry their series' rule, for the form's 'Repeats every week until …'. */
export async function withSeries<Item extends EventItem>(
  db: Kysely<Database>,
  items: Item[],
): Promise<Array<Item & { series?: SeriesInfo }>> {
  const ids = items.flatMap((item) => (item.seriesId === undefined ? [] : [item.seriesId]));
  const series = await seriesByIds(db, ids);
  return items.map((item) => {
    const found = item.seriesId === undefined ? undefined : series.get(item.seriesId);
    return found ? { ...item, series: infoOf(found) } : item;
  });
}

export async function withSeriesOne<Item extends EventItem>(
  db: Kysely<Database>,
  item: Item | null,
): Promise<(Item & { series?: SeriesInfo }) | null> {
  return item ? ((await withSeries(db, [item]))[0] ?? null) : null;
}

interface ScopeParts<Input> {
  schema: z.ZodType<Input>;
  getAdmin: (db: Kysely<Database>, id: number) => Promise<AdminEventItem | null>;
  /** The published kind's save of one event (version check, revision, booking), as a 'save'. */
  save: (db: Kysely<Database>, id: number, input: Input, now: Date, by: TokenUser) => Promise<unknown>;
  remove: (db: Kysely<Database>, id: number) => Promise<boolean>;
  notFoundMessage: string;
}

/** The ids and local dates of a series' events from `from` on (null: all), in date order. */
async function occurrencesOf(db: Kysely<Database>, seriesId: number, from: string | null) {
  let query = db.selectFrom("events").select(["id", "date", "series_date"]).where("series_id", "=", seriesId);
  if (from !== null) query = query.where("series_date", ">=", from);
  return query.orderBy("series_date").execute();
}

/** A series ends the day before `day`: its rule stops there and what it made later is another's or gone. */
async function endSeriesBefore(db: Kysely<Database>, series: SeriesRecord, day: string, now: Date) {
  const last = addDays(day, -1);
  await updateSeries(
    db,
    series.id,
    { until: last, count: null, madeUntil: series.madeUntil < last ? series.madeUntil : last },
    now,
  );
}

/**
 * PUT and DELETE with `?scope=following|all` on an occurrence (docs/product.md, 'Repeating events').
 * Without a scope, or with 'one', the product spec's calls go on as they are (the store
 * marks an occurrence saved alone as an exception).
 */
export function scopedSeriesRoutes<Input extends SeriesBody & { version?: number }>(
  deps: ApiDeps,
  parts: ScopeParts<Input>,
) {
  const { db } = deps.store;
  const timeZone = () => deps.mail.settings.timeZone;

  async function opened(c: Context<ApiEnv>) {
    const item = await parts.getAdmin(db, parseId(c.req.param("id") ?? ""));
    if (!item) throw notFound(parts.notFoundMessage);
    const series = item.seriesId === undefined ? null : await getSeries(db, item.seriesId);
    const row = await db.selectFrom("events").select("series_date").where("id", "=", item.id).executeTakeFirst();
    return { item, series, seriesDate: row?.series_date ?? null };
  }

  /** Saves `input`'s fields on each of `rows`, each on its own date at the new time of day. */
  async function saveEach(
    rows: Array<{ id: number; date: string; series_date: string | null }>,
    openedId: number,
    input: Input,
    now: Date,
    by: TokenUser,
  ) {
    const { timeOfDay } = localDateAndTime(input.date, timeZone());
    for (const row of rows) {
      const date =
        row.id === openedId
          ? input.date
          : occurrenceInstant(localDateAndTime(row.date, timeZone()).date, timeOfDay, timeZone());
      const booking = bookingAt(input.booking, input.date, date);
      // Only the one opened is checked against the version its form was opened at.
      const version = row.id === openedId ? input.version : undefined;
      await parts.save(db, row.id, { ...input, date, booking, repeat: undefined, version }, now, by);
      const local = localDateAndTime(date, timeZone()).date;
      await db
        .updateTable("events")
        .set({ series_changed: local === row.series_date ? 0 : 1 })
        .where("id", "=", row.id)
        .execute();
    }
  }

  const put = async (c: Context<ApiEnv>, next: Next) => {
    const scope = scopeOf(c);
    if (scope === "one") return next();
    const { item, series, seriesDate } = await opened(c);
    if (!series || seriesDate === null) return next();
    const input = validate(parts.schema, await readJson(c));
    const now = deps.now();
    const { timeOfDay } = localDateAndTime(input.date, timeZone());
    const user = c.get("user");
    const rows = await occurrencesOf(db, series.id, scope === "all" ? null : seriesDate);
    const saveRows = (chosen: typeof rows) => saveEach(chosen, item.id, input, now, user);
    // The opened one first: a stale version is refused before anything else is written.
    await saveRows(rows.filter((row) => row.id === item.id));
    if (scope === "following") await splitSeries(db, series, seriesDate, timeOfDay, now);
    await saveRows(rows.filter((row) => row.id !== item.id));
    if (scope === "all") await updateSeries(db, series.id, { timeOfDay }, now);
    await recordChange(deps, c, "events.update", { type: "events", id: item.id, title: input.name });
    return c.json(await withSeriesOne(db, await parts.getAdmin(db, item.id)));
  };

  const remove = async (c: Context<ApiEnv>, next: Next) => {
    const scope = scopeOf(c);
    const { item, series, seriesDate } = await opened(c);
    if (!series || seriesDate === null) return next();
    const now = deps.now();
    if (scope === "one") {
      await addSkip(db, series.id, seriesDate, now);
      return next();
    }
    const rows = await occurrencesOf(db, series.id, scope === "all" ? null : seriesDate);
    if (scope === "following") await endSeriesBefore(db, series, seriesDate, now);
    for (const row of rows) await parts.remove(db, row.id);
    if (scope === "all" || seriesDate === series.firstDate) await deleteSeries(db, series.id);
    await recordChange(deps, c, "events.delete", { type: "events", id: item.id, title: item.name });
    return c.json({ ok: true });
  };

  return { put, remove };
}

/**
 * 'This and following': the series ends the day before `day`; that date and the later ones
 * (and the dates deleted alone among them) go to a new series with the same rule from `day`,
 * at the new time of day. A count is split: the new series holds what was left of it.
 */
async function splitSeries(db: Kysely<Database>, series: SeriesRecord, day: string, timeOfDay: string, now: Date) {
  if (day === series.firstDate) {
    await updateSeries(db, series.id, { timeOfDay }, now);
    return;
  }
  let count: number | null = null;
  if (series.count !== null) {
    // A count holds at most 100 dates: 200 months walk past them even on the 31st.
    const { held } = ruleDates(ruleOf(series), await stretches(db), addMonths(series.firstDate, 200));
    count = Math.max(1, held.filter((date) => date >= day).length);
  }
  const rule: RepeatRule = {
    ...ruleOf(series),
    firstDate: day,
    count,
    until: series.count === null ? series.until : null,
  };
  const later = await createSeries(db, rule, timeOfDay, now);
  await updateSeries(db, later.id, { madeUntil: series.madeUntil }, now);
  await db
    .updateTable("events")
    .set({ series_id: later.id })
    .where("series_id", "=", series.id)
    .where("series_date", ">=", day)
    .execute();
  await db
    .updateTable("event_series_skips")
    .set({ series_id: later.id })
    .where("series_id", "=", series.id)
    .where("date", ">=", day)
    .execute();
  await endSeriesBefore(db, series, day, now);
}
