/**
 * What the three lists (news, events, gallery) share: reading a window of a list in its
 * own order, with only the fields a caller asks for, and the whole list in batches.
 * Each list module says which column holds each of its API fields (a ColumnMap).
 */

/** A list's API field names, each with the column that holds it. */
export type ColumnMap<Item> = { readonly [F in keyof Item]-?: string };

/** Which items of a list: `limit` of them, after skipping `offset`. */
export interface ListWindow {
  limit: number;
  offset: number;
}

/** The fields a caller wants, or null for all of them. The id always comes along. */
export type FieldChoice<Item> = ReadonlyArray<keyof Item & string> | null;

/** How many rows one batch of a whole-list answer reads: small enough to never hold the thread long. */
export const BATCH_SIZE = 200;

/** The columns to read for `fields`. */
export function columnsFor<Item, M extends ColumnMap<Item>>(map: M, fields: FieldChoice<Item>): Array<M[keyof M]> {
  const chosen = fields ? new Set<keyof Item>(["id" as keyof Item, ...fields]) : null;
  return (Object.keys(map) as Array<keyof M & keyof Item>)
    .filter((field) => !chosen || chosen.has(field))
    .map((field) => map[field]);
}

/** A row as the API's item, with just the fields read (all of them when `fields` is null). */
export function itemFrom<Item>(map: ColumnMap<Item>, row: object): Item {
  const values = row as Record<string, unknown>;
  const item: Record<string, unknown> = {};
  for (const [field, column] of Object.entries<string>(map)) {
    if (column in values) item[field] = values[column];
  }
  return item as Item;
}

/** COUNT(*) comes back as a string from PostgreSQL (bigint) and as a number from SQLite. */
export function countOf(row: { count: string | number | bigint } | undefined): number {
  return Number(row?.count ?? 0);
}

/**
 * The whole list, a batch at a time, as one consistent list: the ids are read at once
 * (cheap), then the rows behind them batch by batch, so an item written meanwhile is
 * neither shown twice nor skipped, and one that is deleted meanwhile simply drops out.
 */
export async function* inBatches<Item extends { id: number }>(
  ids: number[],
  readByIds: (ids: number[]) => Promise<Item[]>,
): AsyncGenerator<Item[]> {
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const batchIds = ids.slice(start, start + BATCH_SIZE);
    yield inIdOrder(batchIds, await readByIds(batchIds));
  }
}

/** `items` in the order of `ids` (one that is gone meanwhile drops out). */
export function inIdOrder<Item extends { id: number }>(ids: number[], items: Item[]): Item[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A window read in two steps: the ids from the list's index (skipping `offset` entries
 * there costs little), then only those rows. In one step, the database would read every
 * skipped row in full, and the last page of 10,000 news items would read them all.
 */
export async function readWindow<Item extends { id: number }>(
  windowIds: () => Promise<Array<{ id: number }>>,
  rowsOf: (ids: number[]) => Promise<Item[]>,
): Promise<Item[]> {
  const ids = (await windowIds()).map((row) => row.id);
  return ids.length === 0 ? [] : inIdOrder(ids, await rowsOf(ids));
}

/** The API field names of a list, for checking a `fields` parameter. */
export function fieldNames<Item>(map: ColumnMap<Item>): Array<keyof Item & string> {
  return Object.keys(map) as Array<keyof Item & string>;
}
