import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A message as it is queued (docs/product.md, 'E-mail'): everything sending it needs. */
export interface OutboxMessage {
  /** Unique: the same key is never queued twice (e.g. post:news:42:subscriber:17). */
  key: string;
  kind: "confirm" | "post" | "digest" | "test" | "account-link" | "booking";
  to: string;
  subscriberId: number | null;
  /** The booking it is about: the message is emptied and deleted with it (booking-upkeep.ts). */
  bookingId?: number | null;
  subject: string;
  text: string;
  html: string;
  /** An event's calendar file (iCalendar, METHOD:PUBLISH), sent with the message. */
  calendar?: string | null;
  /** The one-click unsubscribe address, for a message to a subscriber. */
  listUnsubscribe: string | null;
  messageId: string;
  /** When it may first be sent. */
  dueAt: Date;
}

/**
 * Puts a message in the outbox unless one with its key is there already. Answers
 * whether it was queued now. Run it in the transaction of what caused the message,
 * so the two are written together or not at all.
 */
export async function insertOutboxMessage(db: Kysely<Database>, message: OutboxMessage, now: Date): Promise<boolean> {
  const result = await db
    .insertInto("mail_outbox")
    .values({
      key: message.key,
      kind: message.kind,
      to_address: message.to,
      subscriber_id: message.subscriberId,
      booking_id: message.bookingId ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      calendar: message.calendar ?? null,
      list_unsubscribe: message.listUnsubscribe,
      message_id: message.messageId,
      state: "queued",
      due_at: message.dueAt.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What the Mail screen says of the sender: kept in `meta`, written by the sender of any instance. */
const LAST_SENT_KEY = "mail_last_sent_at";
const LAST_ERROR_KEY = "mail_last_error";

export interface MailStatus {
  lastSentAt: string | null;
  /** The last failure to deliver (temporary or not), with when it happened. */
  lastError: { at: string; message: string } | null;
}

export async function readMailStatus(db: Kysely<Database>): Promise<MailStatus> {
  const rows = await db
    .selectFrom("meta")
    .select(["key", "value"])
    .where("key", "in", [LAST_SENT_KEY, LAST_ERROR_KEY])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  let lastError: MailStatus["lastError"] = null;
  try {
    const parsed = JSON.parse(value(LAST_ERROR_KEY) ?? "null") as MailStatus["lastError"];
    if (parsed && typeof parsed.at === "string" && typeof parsed.message === "string") lastError = parsed;
  } catch {
    // A value this code did not write: no last error to show.
  }
  return { lastSentAt: value(LAST_SENT_KEY), lastError };
}

async function writeMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto("meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export async function writeLastSent(db: Kysely<Database>, at: Date): Promise<void> {
  await writeMeta(db, LAST_SENT_KEY, at.toISOString());
}

export async function writeLastError(db: Kysely<Database>, at: Date, message: string): Promise<void> {
  await writeMeta(db, LAST_ERROR_KEY, JSON.stringify({ at: at.toISOString(), message: message.slice(0, 500) }));
}

/**
 * Deletes up to `batch` messages sent, failed, or kept unsent (e-mail not set up) whose
 * last due time is before `before`, through the sender's index on state and due time;
 * answers how many went. One being sent stays. Nothing queues them again: each fan-out
 * is finished once, and every other message's key is made once.
 */
export async function deleteOldMailBatch(db: Kysely<Database>, before: Date, batch: number): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where(
      "id",
      "in",
      db
        .selectFrom("mail_outbox")
        .select("id")
        .where("state", "in", ["sent", "failed", "queued"])
        .where("due_at", "<", before.toISOString())
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
