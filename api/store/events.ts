import type { Kysely } from "kysely";
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
import type { Database } from "./schema";

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
}

/** Left out (undefined), imageAlt keeps the stored description on an update; null clears it. */
export type EventInput = Omit<EventItem, "id" | "createdAt" | "updatedAt" | "imageAlt"> & { imageAlt?: string | null };

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
} as const satisfies ColumnMap<EventItem>;

const toItem = (row: object) => itemFrom<EventItem>(EVENT_COLUMNS, row);

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

/** Which events, in which order: `from` is inclusive and `to` exclusive (ISO, UTC). */
export interface EventFilter {
  from?: string;
  to?: string;
  order?: "asc" | "desc";
}

/** By date (ascending unless asked otherwise, docs/architecture.md, 'The /api (api/)'), then by id; the index matches. */
function filtered(db: Kysely<Database>, { from, to }: EventFilter) {
  let query = db.selectFrom("events");
  if (from !== undefined) query = query.where("date", ">=", from);
  if (to !== undefined) query = query.where("date", "<", to);
  return query;
}

function inOrder(db: Kysely<Database>, filter: EventFilter) {
  const direction = filter.order ?? "asc";
  return filtered(db, filter).orderBy("date", direction).orderBy("id", direction);
}

export async function countEvents(db: Kysely<Database>, filter: EventFilter = {}): Promise<number> {
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
  filter: EventFilter = {},
  fields: FieldChoice<EventItem> = null,
): Promise<EventItem[]> {
  return readWindow(
    () => inOrder(db, filter).select("id").limit(window.limit).offset(window.offset).execute(),
    (ids) => rowsByIds(db, "events", ids, toItem, columnsFor(EVENT_COLUMNS, fields)),
  );
}

/** Every id `filter` picks, in order: the spine of a whole-list answer (see listing.ts). */
export async function eventIds(db: Kysely<Database>, filter: EventFilter = {}): Promise<number[]> {
  return (await inOrder(db, filter).select("id").execute()).map((row) => row.id);
}

export function eventsByIds(db: Kysely<Database>, ids: number[]): Promise<EventItem[]> {
  return rowsByIds(db, "events", ids, toItem);
}

export function getEvent(db: Kysely<Database>, id: number): Promise<EventItem | null> {
  return rowById(db, "events", id, toItem);
}

export async function createEvent(db: Kysely<Database>, input: EventInput, now: Date): Promise<EventItem> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("events")
    .values({ ...toColumns(input), created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toItem(row);
}

export async function updateEvent(
  db: Kysely<Database>,
  id: number,
  input: EventInput,
  now: Date,
): Promise<EventItem | null> {
  const row = await db
    .updateTable("events")
    .set({ ...toColumns(input), updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

export function deleteEvent(db: Kysely<Database>, id: number): Promise<boolean> {
  return deleteRow(db, "events", id);
}
