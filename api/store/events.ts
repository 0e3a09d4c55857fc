import type { Kysely } from "kysely";
import type { Database, EventRow } from "./schema";

export interface EventItem {
  id: number;
  name: string;
  date: string;
  comment: string;
  organiser: string | null;
  location: string | null;
  imageUrl: string | null;
  bookingUrl: string;
  /** When it was created and last edited (ISO, UTC): feeds and calendars tell changes by them. */
  createdAt: string;
  updatedAt: string;
}

export type EventInput = Omit<EventItem, "id" | "createdAt" | "updatedAt">;

function toItem(row: EventRow): EventItem {
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    comment: row.comment,
    organiser: row.organiser,
    location: row.location,
    imageUrl: row.image_url,
    bookingUrl: row.booking_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toColumns(input: EventInput) {
  return {
    name: input.name,
    date: input.date,
    comment: input.comment,
    organiser: input.organiser,
    location: input.location,
    image_url: input.imageUrl,
    booking_url: input.bookingUrl,
  };
}

export async function listEvents(db: Kysely<Database>): Promise<EventItem[]> {
  const rows = await db.selectFrom("events").selectAll().orderBy("date", "asc").orderBy("id", "asc").execute();
  return rows.map(toItem);
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

export async function deleteEvent(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("events").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
