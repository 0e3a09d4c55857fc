import { sql, type Kysely } from "kysely";
import type { Booking } from "./booking-rows";
import type { BookingStatus, Database } from "./schema";

/**
 * The organiser's door list (docs/product.md, 'Bookings'): an event's live bookings,
 * confirmed first then waiting, a page at a time, by name or by class and child; and
 * the same a batch at a time in arrival order for the CSV.
 */

export type DoorSort = "name" | "class";

export interface DoorRow {
  id: number;
  name: string | null;
  email: string | null;
  adults: number;
  children: number;
  childName: string | null;
  childClass: string | null;
  status: BookingStatus;
  /** Its place on the waiting list, 1 first; null when confirmed. */
  position: number | null;
  createdAt: string;
  byHand: boolean;
}

const live = (db: Kysely<Database>, eventId: number) =>
  db.selectFrom("bookings as b").where("b.event_id", "=", eventId).where("b.status", "!=", "cancelled");

export async function readDoorList(
  db: Kysely<Database>,
  eventId: number,
  sort: DoorSort,
  window: { limit: number; offset: number },
): Promise<{ rows: DoorRow[]; total: number }> {
  // 'confirmed' sorts before 'waiting'; within each, as asked, then by arrival.
  let page = live(db, eventId).selectAll("b").orderBy("b.status");
  page =
    sort === "class"
      ? page.orderBy(sql`lower(coalesce(b.child_class, ''))`).orderBy(sql`lower(coalesce(b.child_name, ''))`)
      : page;
  const [total, rows] = await Promise.all([
    live(db, eventId)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
    page
      .orderBy(sql`lower(coalesce(b.name, ''))`)
      .orderBy("b.id")
      .select((eb) =>
        eb
          .selectFrom("bookings as w")
          .select((w) => w.fn.countAll<number | string>().as("n"))
          .whereRef("w.event_id", "=", "b.event_id")
          .where("w.status", "=", "waiting")
          .whereRef("w.id", "<=", "b.id")
          .as("queue"),
      )
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((row) => ({ ...doorRowOf(row), position: row.status === "waiting" ? Number(row.queue) : null })),
  };
}

function doorRowOf(row: Booking): DoorRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    adults: row.adults,
    children: row.children,
    childName: row.child_name,
    childClass: row.child_class,
    status: row.status,
    position: null,
    createdAt: row.created_at,
    byHand: row.by_hand === 1,
  };
}

/** The live bookings after id `after`, `limit` of them in arrival order: a CSV is written a batch at a time. */
export async function readDoorBatch(
  db: Kysely<Database>,
  eventId: number,
  after: number,
  limit: number,
): Promise<DoorRow[]> {
  const rows = await live(db, eventId).selectAll("b").where("b.id", ">", after).orderBy("b.id").limit(limit).execute();
  return rows.map(doorRowOf);
}
