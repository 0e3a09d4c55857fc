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
  /** Null for a change nobody signed in made (a failed sign-in has no person yet). */
  user: { id: number; name: string } | null;
  /** e.g. news.create, news.update, gallery.delete, user.invite, auth.sign-in */
  action: string;
  target?: ActivityTarget | null;
}

/** Titles are kept short: the record says which item, the item itself keeps its text. */
const MAX_TITLE = 200;

/** Writes one line of the record of who changed what (docs/product.md §11). */
export async function recordActivity(db: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto("activity")
    .values({
      at: entry.at.toISOString(),
      user_id: entry.user?.id ?? null,
      user_name: entry.user?.name ?? "",
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target ? String(entry.target.id) : null,
      target_title: entry.target?.title ? entry.target.title.slice(0, MAX_TITLE) : null,
    })
    .execute();
}
