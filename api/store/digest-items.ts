import type { Kysely } from "kysely";
import { eventsByIds, type EventItem } from "./events";
import { newsByIds, type NewsItem } from "./news";
import { publicAt, seenBy } from "./publishing";
import type { Database } from "./schema";

/** The news items that went public in [from, to), oldest first, at most `limit` (a weekly digest's news). */
export async function newsPublishedBetween(
  db: Kysely<Database>,
  from: Date,
  to: Date,
  now: Date,
  limit: number,
): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom("news")
    .select("id")
    .where("publish_at", ">=", from.toISOString())
    .where("publish_at", "<", to.toISOString())
    .where(seenBy(publicAt(now)))
    .orderBy("publish_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return inIdOrder(
    rows.map((row) => row.id),
    await newsByIds(
      db,
      rows.map((row) => row.id),
    ),
  );
}

/** The public events dated in [from, to), soonest first, at most `limit` (a weekly digest's events). */
export async function eventsBetween(
  db: Kysely<Database>,
  from: Date,
  to: Date,
  now: Date,
  limit: number,
): Promise<EventItem[]> {
  const rows = await db
    .selectFrom("events")
    .select("id")
    .where("date", ">=", from.toISOString())
    .where("date", "<", to.toISOString())
    .where(seenBy(publicAt(now)))
    .orderBy("date")
    .orderBy("id")
    .limit(limit)
    .execute();
  return inIdOrder(
    rows.map((row) => row.id),
    await eventsByIds(
      db,
      rows.map((row) => row.id),
    ),
  );
}

/** Items fetched by id come in no particular order: put them back in the order of `ids`. */
function inIdOrder<Item extends { id: number }>(ids: number[], items: Item[]): Item[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
