import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A message as it is queued (docs/product.md, 'E-mail'): everything sending it needs. */
export interface OutboxMessage {
  /** Unique: the same key is never queued twice (e.g. post:news:42:subscriber:17). */
  key: string;
  kind: "confirm" | "post" | "digest" | "test" | "account-link";
  to: string;
  subscriberId: number | null;
  subject: string;
  text: string;
  html: string;
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
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
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
