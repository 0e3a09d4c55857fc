import type { Kysely, SelectExpression } from "kysely";
import { countOf } from "./listing";
import type { Database } from "./schema";

/**
 * What the three content tables (news, events, gallery) do alike, whatever their other
 * columns: each has an integer id. Each list module turns a row into its API item
 * (`toItem`) and keeps what differs: its order, its filters and the columns it writes.
 */
export type ContentTable = "news" | "events" | "gallery";

type ToItem<Item> = (row: object) => Item;

export async function countRows(db: Kysely<Database>, table: ContentTable): Promise<number> {
  return countOf(
    await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
  );
}

/** The rows behind `ids`, in no particular order: all their columns, or only `columns` (a window's chosen fields). */
export async function rowsByIds<Item>(
  db: Kysely<Database>,
  table: ContentTable,
  ids: number[],
  toItem: ToItem<Item>,
  columns?: ReadonlyArray<SelectExpression<Database, ContentTable>>,
): Promise<Item[]> {
  if (ids.length === 0) return [];
  const rows = db.selectFrom(table).where("id", "in", ids);
  return (await (columns ? rows.select(columns) : rows.selectAll()).execute()).map(toItem);
}

export async function rowById<Item>(
  db: Kysely<Database>,
  table: ContentTable,
  id: number,
  toItem: ToItem<Item>,
): Promise<Item | null> {
  const row = await db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toItem(row) : null;
}

/** True when there was such a row. */
export async function deleteRow(db: Kysely<Database>, table: ContentTable, id: number): Promise<boolean> {
  const result = await db.deleteFrom(table).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
