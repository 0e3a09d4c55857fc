import type { Kysely } from "kysely";
import { serializeOn } from "./dialect";
import { countOf } from "./listing";
import type { Database, TermStretchesTable } from "./schema";

/** A stretch of term time as the /api answers it (docs/product.md, 'Term dates'). */
export interface TermStretchRecord {
  id: number;
  name: string;
  /** YYYY-MM-DD, the first day of term time. */
  startDate: string;
  /** YYYY-MM-DD, the last day, included. */
  endDate: string;
}

export type TermStretchInput = Omit<TermStretchRecord, "id">;

/** Why a write was refused: the list is full, or the days are another stretch's. */
export type TermRefusal = { full: true } | { overlaps: TermStretchRecord };

const toRecord = (row: Pick<TermStretchesTable, "name" | "start_date" | "end_date"> & { id: number }) => ({
  id: row.id,
  name: row.name,
  startDate: row.start_date,
  endDate: row.end_date,
});

/** Every stretch kept, in date order (first day, then id); at most `limit`, which the writes keep it under. */
export async function listTermStretches(db: Kysely<Database>, limit: number): Promise<TermStretchRecord[]> {
  const rows = await db
    .selectFrom("term_stretches")
    .select(["id", "name", "start_date", "end_date"])
    .orderBy("start_date")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

export async function getTermStretch(db: Kysely<Database>, id: number): Promise<TermStretchRecord | null> {
  const row = await db
    .selectFrom("term_stretches")
    .select(["id", "name", "start_date", "end_date"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The first stretch sharing a day with start…end, leaving out `exceptId` (the one being changed). */
async function overlapping(
  db: Kysely<Database>,
  input: TermStretchInput,
  exceptId: number | null,
): Promise<TermStretchRecord | null> {
  let query = db
    .selectFrom("term_stretches")
    .select(["id", "name", "start_date", "end_date"])
    .where("start_date", "<=", input.endDate)
    .where("end_date", ">=", input.startDate);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  const row = await query.orderBy("start_date").orderBy("id").limit(1).executeTakeFirst();
  return row ? toRecord(row) : null;
}

const LOCK = "term_stretches";

/**
 * Adds a stretch unless `max` are kept already or it shares a day with one: checked and
 * written in one transaction, which on PostgreSQL holds the list's lock so that two
 * instances never both let theirs in.
 */
export async function addTermStretch(
  db: Kysely<Database>,
  input: TermStretchInput,
  max: number,
  now: Date,
): Promise<TermStretchRecord | TermRefusal> {
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, LOCK);
    const count = countOf(
      await trx
        .selectFrom("term_stretches")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .executeTakeFirst(),
    );
    if (count >= max) return { full: true as const };
    const other = await overlapping(trx, input, null);
    if (other) return { overlaps: other };
    const stamp = now.toISOString();
    const row = await trx
      .insertInto("term_stretches")
      .values({
        name: input.name,
        start_date: input.startDate,
        end_date: input.endDate,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning(["id", "name", "start_date", "end_date"])
      .executeTakeFirstOrThrow();
    return toRecord(row);
  });
}

/** Changes a stretch (null: no such stretch) unless its new days are another's. */
export async function updateTermStretch(
  db: Kysely<Database>,
  id: number,
  input: TermStretchInput,
  now: Date,
): Promise<TermStretchRecord | { overlaps: TermStretchRecord } | null> {
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, LOCK);
    const other = await overlapping(trx, input, id);
    if (other) return { overlaps: other };
    const row = await trx
      .updateTable("term_stretches")
      .set({ name: input.name, start_date: input.startDate, end_date: input.endDate, updated_at: now.toISOString() })
      .where("id", "=", id)
      .returning(["id", "name", "start_date", "end_date"])
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  });
}

/** Removes a stretch; answers the one removed, or null when there was none. */
export async function deleteTermStretch(db: Kysely<Database>, id: number): Promise<TermStretchRecord | null> {
  const row = await db
    .deleteFrom("term_stretches")
    .where("id", "=", id)
    .returning(["id", "name", "start_date", "end_date"])
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}
