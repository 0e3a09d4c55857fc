import { sql, type Kysely } from "kysely";
import {
  columnsFor,
  countOf,
  itemFrom,
  readWindow,
  type ColumnMap,
  type FieldChoice,
  type ListWindow,
} from "./listing";
import { deleteRow, rowById, rowsByIds } from "./content-rows";
import {
  nextVersion,
  publishColumns,
  seenBy,
  withPublishing,
  type Publishing,
  type SaveChange,
  type Visibility,
} from "./publishing";
import type { Database } from "./schema";
import { seriesChanged } from "./event-series";
import { dropFromSearch, reindex } from "./search-index";

export interface EventItem {
  id: number;
  name: string;
  date: string;
  comment: string;
  organiser: string | null;
  location: string | null;
  imageUrl: string | null;
  /** The image's description (docs/product.md, 'Photos'); null: the image is decorative. */
  imageAlt: string | null;
  bookingUrl: string;
  /** When it was created and last edited (ISO, UTC): feeds and calendars tell changes by them. */
  createdAt: string;
  updatedAt: string;
  /** The repeating series it is one date of (docs/product.md, 'Repeating events'); left out for a single event. */
  seriesId?: number;
}

/** Left out (undefined), imageAlt keeps the stored description on an update; null clears it. */
export type EventInput = Omit<EventItem, "id" | "createdAt" | "updatedAt" | "imageAlt" | "seriesId"> & {
  imageAlt?: string | null;
};

export const EVENT_COLUMNS = {
  id: "id",
  name: "name",
  date: "date",
  comment: "comment",
  organiser: "organiser",
  location: "location",
  imageUrl: "image_url",
  imageAlt: "image_alt",
  bookingUrl: "booking_url",
  createdAt: "created_at",
  updatedAt: "updated_at",
  seriesId: "series_id",
} as const satisfies ColumnMap<EventItem>;

/** An event as the admin's answers give it (docs/product.md, 'Publishing'). */
export type AdminEventItem = EventItem & Publishing;

/** A single event's answer stays the product spec's shape: seriesId only on an occurrence. */
const toItem = (row: object): EventItem => {
  const { seriesId, ...item } = itemFrom<EventItem>(EVENT_COLUMNS, row);
  return seriesId === null || seriesId === undefined ? item : { ...item, seriesId };
};
const toAdminItem = (now: Date) => withPublishing(toItem, now);

function toColumns(input: EventInput) {
  return {
    name: input.name,
    date: input.date,
    comment: input.comment,
    organiser: input.organiser,
    location: input.location,
    image_url: input.imageUrl,
    booking_url: input.bookingUrl,
    ...(input.imageAlt !== undefined && { image_alt: input.imageAlt }),
  };
}

/**
 * Which events, in which order: `from` is inclusive and `to` exclusive (ISO, UTC); `seen`:
 * in which states; `single`: no date of a repeating series.
 */
export interface EventFilter {
  seen: Visibility;
  from?: string;
  to?: string;
  order?: "asc" | "desc";
  single?: boolean;
}

/** By date (ascending unless asked otherwise, docs/architecture.md, 'The /api (api/)'), then by id; the index matches. */
function filtered(db: Kysely<Database>, { from, to, seen, single }: EventFilter) {
  let query = db.selectFrom("events").where(seenBy(seen));
  if (from !== undefined) query = query.where("date", ">=", from);
  if (to !== undefined) query = query.where("date", "<", to);
  // Not `series_id is null`: SQLite would read that through the series' index and sort every
  // single event by date, where the date index gives the window in order.
  if (single) query = query.where(sql<boolean>`coalesce(series_id, 0) = 0`);
  return query;
}

function inOrder(db: Kysely<Database>, filter: EventFilter) {
  const direction = filter.order ?? "asc";
  return filtered(db, filter).orderBy("date", direction).orderBy("id", direction);
}

export async function countEvents(db: Kysely<Database>, filter: EventFilter): Promise<number> {
  return countOf(
    await filtered(db, filter)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
  );
}

/** One window of the events `filter` picks, with only the fields asked for. */
export async function listEvents(
  db: Kysely<Database>,
  window: ListWindow,
  filter: EventFilter,
  fields: FieldChoice<EventItem> = null,
): Promise<EventItem[]> {
  return readWindow(
    () => inOrder(db, filter).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => rowsByIds(db, "events", ids, toItem, columnsFor(EVENT_COLUMNS, fields)),
  );
}

/** Every id `filter` picks, in order: the spine of a whole-list answer (see listing.ts). */
export async function eventIds(db: Kysely<Database>, filter: EventFilter): Promise<number[]> {
  return (await inOrder(db, filter).select("id").execute()).map((row) => row.id);
}

export function eventsByIds(db: Kysely<Database>, ids: number[]): Promise<EventItem[]> {
  return rowsByIds(db, "events", ids, toItem);
}

export function getEvent(db: Kysely<Database>, id: number): Promise<EventItem | null> {
  return rowById(db, "events", id, toItem);
}

/** The admin's window of the list: each event with its state and version. */
export async function listAdminEvents(
  db: Kysely<Database>,
  window: ListWindow,
  filter: EventFilter,
): Promise<AdminEventItem[]> {
  return readWindow(
    () => inOrder(db, filter).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => adminEventsByIds(db, ids, filter.seen.now),
  );
}

export function adminEventsByIds(db: Kysely<Database>, ids: number[], now: Date): Promise<AdminEventItem[]> {
  return rowsByIds(db, "events", ids, toAdminItem(now));
}

export function getAdminEvent(db: Kysely<Database>, id: number, now: Date): Promise<AdminEventItem | null> {
  return rowById(db, "events", id, toAdminItem(now));
}

/** A new event; `publishAt` null: a draft (docs/product.md, 'Publishing'). */
export async function createEvent(
  db: Kysely<Database>,
  input: EventInput,
  now: Date,
  publishAt: string | null = now.toISOString(),
): Promise<EventItem> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("events")
    .values({ ...toColumns(input), created_at: stamp, updated_at: stamp, ...publishColumns(publishAt, now) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await reindex(db, "event", [row.id], now);
  return toItem(row);
}

/** The event saved, or null: no such event, or (with `expectedVersion`) a newer version is there. */
export async function updateEvent(
  db: Kysely<Database>,
  id: number,
  input: EventInput,
  now: Date,
  change: SaveChange = {},
): Promise<EventItem | null> {
  const row = await db
    .updateTable("events")
    .set({
      ...toColumns(input),
      updated_at: now.toISOString(),
      version: nextVersion,
      // An occurrence saved alone is an exception of its series (docs/product.md, 'Repeating events').
      series_changed: (eb) => eb.case().when("series_id", "is", null).then(0).else(1).end(),
      ...(change.publishAt !== undefined && publishColumns(change.publishAt, now)),
    })
    .where("id", "=", id)
    .$if(change.expectedVersion !== undefined, (query) => query.where("version", "=", change.expectedVersion ?? 0))
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await reindex(db, "event", [row.id], now);
  // A date of a series changed: the series' calendar entry changed with it.
  await seriesChanged(db, [row.series_id], now);
  return toItem(row);
}

export async function deleteEvent(db: Kysely<Database>, id: number): Promise<boolean> {
  await dropFromSearch(db, "event", [id]);
  return deleteRow(db, "events", id);
}
