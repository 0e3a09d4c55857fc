import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A message to many (docs/product.md, 'E-mail'): a new item as posted, or a week's digest. */
export type FanOutKind = "post-news" | "post-event" | "digest";

export interface FanOut {
  key: string;
  kind: FanOutKind;
  itemId: number | null;
  dueAt: string;
  lastSubscriberId: number;
}

/**
 * Writes a fan-out unless one with its key is there: in the transaction that made the
 * item, so an item and its e-mail exist together or not at all. Answers whether it was made now.
 */
export async function insertFanOut(
  db: Kysely<Database>,
  fanOut: { key: string; kind: FanOutKind; itemId: number | null; dueAt: Date },
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto("mail_fan_outs")
    .values({
      key: fanOut.key,
      kind: fanOut.kind,
      item_id: fanOut.itemId,
      due_at: fanOut.dueAt.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Moves a post's fan-out to `dueAt`, or makes it: for an item scheduled, published after
 * being a draft, or scheduled again. One that has started or is done stays as it is: an
 * item's e-mail goes once.
 */
export async function moveFanOut(
  db: Kysely<Database>,
  fanOut: { key: string; kind: FanOutKind; itemId: number; dueAt: Date },
  now: Date,
): Promise<void> {
  const dueAt = fanOut.dueAt.toISOString();
  await db
    .insertInto("mail_fan_outs")
    .values({
      key: fanOut.key,
      kind: fanOut.kind,
      item_id: fanOut.itemId,
      due_at: dueAt,
      created_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ due_at: dueAt })
        .where("mail_fan_outs.done_at", "is", null)
        .where("mail_fan_outs.last_subscriber_id", "=", 0),
    )
    .execute();
}

/** Drops a post's fan-out that has not started: its item went back to being a draft. */
export async function dropUnstartedFanOut(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .deleteFrom("mail_fan_outs")
    .where("key", "=", key)
    .where("done_at", "is", null)
    .where("last_subscriber_id", "=", 0)
    .execute();
}

/** The fan-outs due and not done, oldest first, at most `limit`. */
export async function dueFanOuts(db: Kysely<Database>, now: Date, limit: number): Promise<FanOut[]> {
  const rows = await db
    .selectFrom("mail_fan_outs")
    .select(["key", "kind", "item_id", "due_at", "last_subscriber_id"])
    .where("done_at", "is", null)
    .where("due_at", "<=", now.toISOString())
    .orderBy("due_at")
    .orderBy("key")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    key: row.key,
    kind: row.kind as FanOutKind,
    itemId: row.item_id,
    dueAt: row.due_at,
    lastSubscriberId: Number(row.last_subscriber_id),
  }));
}

/** Where a fan-out has got to: null once it is done (by this instance or another). */
export async function fanOutCursor(db: Kysely<Database>, key: string): Promise<number | null> {
  const row = await db
    .selectFrom("mail_fan_outs")
    .select(["last_subscriber_id", "done_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row && row.done_at === null ? Number(row.last_subscriber_id) : null;
}

/** The subscribers up to `lastSubscriberId` have their message: the next page starts after it. */
export async function advanceFanOut(db: Kysely<Database>, key: string, lastSubscriberId: number): Promise<void> {
  await db.updateTable("mail_fan_outs").set({ last_subscriber_id: lastSubscriberId }).where("key", "=", key).execute();
}

export async function finishFanOut(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  await db.updateTable("mail_fan_outs").set({ done_at: now.toISOString() }).where("key", "=", key).execute();
}

export interface MailRecipient {
  id: number;
  email: string;
  manageToken: string;
  news: boolean;
  events: boolean;
}

/**
 * One page of the confirmed, not stopped subscribers who get mail at `frequency` and
 * chose `choice` (either, when null), in id order after `afterId`.
 */
export async function recipientsPage(
  db: Kysely<Database>,
  query: { frequency: "posted" | "weekly"; choice: "news" | "events" | null; afterId: number; limit: number },
): Promise<MailRecipient[]> {
  let select = db
    .selectFrom("subscribers")
    .select(["id", "email", "manage_token", "news", "events"])
    .where("confirmed_at", "is not", null)
    .where("stopped_at", "is", null)
    .where("frequency", "=", query.frequency)
    .where("id", ">", query.afterId);
  if (query.choice) select = select.where(query.choice, "=", 1);
  else select = select.where((eb) => eb.or([eb("news", "=", 1), eb("events", "=", 1)]));
  const rows = await select.orderBy("id").limit(query.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    manageToken: row.manage_token,
    news: Number(row.news) === 1,
    events: Number(row.events) === 1,
  }));
}
