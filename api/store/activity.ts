import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** What a change was made to: an item's type and id, and its title at the time. */
export interface ActivityTarget {
  type: string;
  id: string | number;
  title?: string | null;
}

export interface ActivityEntry {
  at: Date;
  /**
   * Who made it, by their name and username as they are now, kept as they were then.
   * Null for a change nobody signed in made (a failed sign-in has no person yet).
   */
  user: { id: number; name: string; username: string } | null;
  /** e.g. news.create, news.update, gallery.delete, user.invite, auth.sign-in */
  action: string;
  target?: ActivityTarget | null;
}

/** Titles are kept short: the record says which item, the item itself keeps its text. */
const MAX_TITLE = 200;

/** Writes one line of the record of who changed what (docs/product.md, 'The committee'). */
export async function recordActivity(db: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto("activity")
    .values({
      at: entry.at.toISOString(),
      user_id: entry.user?.id ?? null,
      user_name: entry.user?.name ?? "",
      user_username: entry.user?.username ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target ? String(entry.target.id) : null,
      target_title: entry.target?.title ? entry.target.title.slice(0, MAX_TITLE) : null,
    })
    .execute();
}

/**
 * One line of the record as it is read back: the person by the name and username they
 * had when they made the change, so renaming oneself renames no past line. `username` is
 * null only on a line written before usernames were kept (migration 008) by someone
 * removed before then.
 */
export interface ActivityRecord {
  id: number;
  at: string;
  user: { id: number; name: string; username: string | null } | null;
  action: string;
  target: { type: string; id: string; title: string | null } | null;
}

export interface ActivityQuery {
  /** Only lines older than this one (its id): the cursor of the next page. */
  before?: number;
  /** Only lines newer than this one: the cursor of the page before. */
  after?: number;
  userId?: number;
  target?: { type: string; id: string };
  limit: number;
}

function selectActivity(db: Kysely<Database>, query: Omit<ActivityQuery, "limit">) {
  // The person's username today only for a line an older version wrote without it.
  let select = db
    .selectFrom("activity")
    .leftJoin("users", "users.id", "activity.user_id")
    .select([
      "activity.id",
      "activity.at",
      "activity.user_id",
      "activity.user_name",
      "activity.user_username",
      "activity.action",
      "activity.target_type",
      "activity.target_id",
      "activity.target_title",
      "users.username as current_username",
    ]);
  if (query.before !== undefined) select = select.where("activity.id", "<", query.before);
  if (query.after !== undefined) select = select.where("activity.id", ">", query.after);
  // Each filter has its index (migration 006): activity_user, activity_target.
  if (query.userId !== undefined) select = select.where("activity.user_id", "=", query.userId);
  if (query.target) {
    select = select
      .where("activity.target_type", "=", query.target.type)
      .where("activity.target_id", "=", query.target.id);
  }
  return select;
}

type ActivityRow = Awaited<ReturnType<ReturnType<typeof selectActivity>["execute"]>>[number];

function toRecord(row: ActivityRow): ActivityRecord {
  const username = row.user_username ?? row.current_username ?? null;
  return {
    id: row.id,
    at: row.at,
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name || username || "", username },
    action: row.action,
    target:
      row.target_type === null ? null : { type: row.target_type, id: row.target_id ?? "", title: row.target_title },
  };
}

/**
 * At most `limit` lines, newest first (by id: the order they were written in), older
 * than `before` or, with `after`, the `limit` lines just newer than it. Every read
 * walks an index and stops at `limit`.
 */
export async function listActivity(db: Kysely<Database>, query: ActivityQuery): Promise<ActivityRecord[]> {
  const select = selectActivity(db, query);
  if (query.after !== undefined) {
    const rows = await select.orderBy("activity.id", "asc").limit(query.limit).execute();
    return rows.reverse().map(toRecord);
  }
  return (await select.orderBy("activity.id", "desc").limit(query.limit).execute()).map(toRecord);
}

/** The latest line about each of these items of one type (at most one each): who last changed them. */
export async function latestActivity(db: Kysely<Database>, type: string, ids: string[]): Promise<ActivityRecord[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // Each item's last line is one short walk of activity_target (max of its index range), so
  // each costs the same however long its history; all of them in one statement, so a list
  // page of 20 items is one query to compile and send, not 20.
  const lastOfEach = unique
    .map((id) =>
      db
        .selectFrom("activity")
        .select((eb) => eb.fn.max("id").as("id"))
        .where("target_type", "=", type)
        .where("target_id", "=", id),
    )
    .reduce((all, one) => all.unionAll(one));
  const rows = await selectActivity(db, {})
    .where("activity.id", "in", (eb) => eb.selectFrom(lastOfEach.as("last")).select("last.id"))
    .execute();
  // In the order the ids were asked for, as when each was read alone.
  const position = new Map(unique.map((id, at) => [id, at]));
  return rows
    .map(toRecord)
    .sort((a, b) => (position.get(a.target?.id ?? "") ?? 0) - (position.get(b.target?.id ?? "") ?? 0));
}

/**
 * Deletes at most `batch` lines written before `cutoff`, oldest first; answers how many
 * went, so the caller repeats until fewer than `batch` do (docs/product.md, 'The committee').
 */
export async function pruneActivityBatch(db: Kysely<Database>, cutoff: Date, batch: number): Promise<number> {
  const oldest = db
    .selectFrom("activity")
    .select("id")
    .where("at", "<", cutoff.toISOString())
    .orderBy("at")
    .limit(batch);
  const result = await db
    .deleteFrom("activity")
    .where("id", "in", (eb) => eb.selectFrom(oldest.as("old")).select("old.id"))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
