import { sql, type Kysely, type Selectable } from "kysely";
import { dialectOf, serializeOn } from "./dialect";
import type { Database, MailOutboxTable } from "./schema";

/**
 * The sender's side of the outbox (docs/product.md, 'E-mail'): claiming due messages,
 * and writing down what became of each. A claim is a lease: a row in 'sending' whose
 * `claimed_until` has passed belongs to a sender that died, and is claimed again (and
 * sent with the same Message-ID).
 */
export type ClaimedMessage = Pick<
  Selectable<MailOutboxTable>,
  | "id"
  | "to_address"
  | "subject"
  | "text_body"
  | "html_body"
  | "calendar"
  | "list_unsubscribe"
  | "message_id"
  | "attempts"
> & { subscriber_id: number | null };

/** Why a message to a stopped address is not sent (shown on the Mail screen). */
export const STOPPED_ADDRESS = "Not sent: mail to this address stopped after two hard bounces.";

const SENT_WINDOW_MS = 60_000;

/**
 * Claims at most `limit` due messages for `claimedBy` until `leaseUntil`, keeping the
 * sends of the last minute, across every instance, at most `ratePerMinute`. Messages to a
 * stopped subscriber found on the way are cancelled instead.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  options: { claimedBy: string; limit: number; ratePerMinute: number; now: Date; leaseUntil: Date },
): Promise<ClaimedMessage[]> {
  const now = options.now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Instances take turns to count and claim, so two never both see room for a minute's sends.
    await serializeOn(trx, "mail_outbox_claim");
    const used = await sendsInLastMinute(trx, options.now, options.ratePerMinute);
    const room = Math.min(options.limit, options.ratePerMinute - used);
    if (room <= 0) return [];
    let due = trx
      .selectFrom("mail_outbox")
      .select(["id"])
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "queued"), eb("due_at", "<=", now)]),
          eb.and([eb("state", "=", "sending"), eb("claimed_until", "<=", now)]),
        ]),
      )
      .orderBy("due_at")
      .orderBy("id")
      .limit(room);
    if (dialectOf(trx) === "postgres") due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];

    const stopped = await trx
      .selectFrom("mail_outbox")
      .innerJoin("subscribers", "subscribers.id", "mail_outbox.subscriber_id")
      .select("mail_outbox.id")
      .where("mail_outbox.id", "in", ids)
      .where("subscribers.stopped_at", "is not", null)
      .execute();
    const stoppedIds = stopped.map((row) => row.id);
    if (stoppedIds.length > 0) {
      await trx
        .updateTable("mail_outbox")
        .set({ state: "cancelled", last_error: STOPPED_ADDRESS, claimed_until: null, claimed_by: null })
        .where("id", "in", stoppedIds)
        .execute();
    }
    const toSend = ids.filter((id) => !stoppedIds.includes(id));
    if (toSend.length === 0) return [];
    await trx
      .updateTable("mail_outbox")
      .set({ state: "sending", claimed_by: options.claimedBy, claimed_until: options.leaseUntil.toISOString() })
      .where("id", "in", toSend)
      .execute();
    return trx
      .selectFrom("mail_outbox")
      .select([
        "id",
        "to_address",
        "subject",
        "text_body",
        "calendar",
        "html_body",
        "list_unsubscribe",
        "message_id",
        "attempts",
        "subscriber_id",
      ])
      .where("id", "in", toSend)
      .orderBy("id")
      .execute();
  });
}

/**
 * Messages sent in the last minute plus those claimed and not yet done (they may be sent
 * any moment): counted no further than `cap`, so the count stays bounded.
 */
async function sendsInLastMinute(db: Kysely<Database>, now: Date, cap: number): Promise<number> {
  const since = new Date(now.getTime() - SENT_WINDOW_MS).toISOString();
  const at = now.toISOString();
  const recent = db
    .selectFrom("mail_outbox")
    .select("id")
    .where((eb) =>
      eb.or([eb("sent_at", ">", since), eb.and([eb("state", "=", "sending"), eb("claimed_until", ">", at)])]),
    )
    .limit(cap);
  const row = await db
    .selectFrom(recent.as("recent"))
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Delivered: the claim ends. Only the claimant writes, so a sender whose lease ran out changes nothing. */
export async function markSent(db: Kysely<Database>, id: number, claimedBy: string, now: Date): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      state: "sent",
      sent_at: now.toISOString(),
      attempts: eb("attempts", "+", 1),
      last_error: null,
      claimed_until: null,
    }))
    .where("id", "=", id)
    .where("claimed_by", "=", claimedBy)
    .execute();
}

/** A temporary failure: queued again for `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Kysely<Database>,
  id: number,
  claimedBy: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      state: retryAt ? "queued" : "failed",
      due_at: retryAt ? retryAt.toISOString() : eb.ref("due_at"),
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 500),
      claimed_until: null,
    }))
    .where("id", "=", id)
    .where("claimed_by", "=", claimedBy)
    .execute();
}

/** Claimed but not tried (the server was found down): back in the queue as it was. */
export async function releaseClaims(db: Kysely<Database>, ids: number[], claimedBy: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("mail_outbox")
    .set({ state: "queued", claimed_until: null })
    .where("id", "in", ids)
    .where("claimed_by", "=", claimedBy)
    .where("state", "=", "sending")
    .execute();
}

/**
 * A permanent failure (5xx): the message failed, and its subscriber gets a hard bounce;
 * the second stops mail to the address, and their queued messages are cancelled.
 */
export async function markBounced(
  db: Kysely<Database>,
  message: { id: number; subscriberId: number | null },
  claimedBy: string,
  error: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await markAttemptFailed(trx, message.id, claimedBy, error, null);
    if (message.subscriberId === null) return;
    const bounced = await trx
      .updateTable("subscribers")
      .set((eb) => ({ hard_bounces: eb("hard_bounces", "+", 1) }))
      .where("id", "=", message.subscriberId)
      .returning(["hard_bounces", "stopped_at"])
      .executeTakeFirst();
    if (!bounced || bounced.hard_bounces < 2 || bounced.stopped_at) return;
    await trx
      .updateTable("subscribers")
      .set({ stopped_at: now.toISOString() })
      .where("id", "=", message.subscriberId)
      .execute();
    // One subscriber's messages, found by the subscriber index.
    await trx
      .updateTable("mail_outbox")
      .set({ state: "cancelled", last_error: STOPPED_ADDRESS })
      .where("subscriber_id", "=", message.subscriberId)
      .where("state", "=", "queued")
      .execute();
  });
}

/**
 * SQLite: one process serves a DATA_DIR (it holds the lock), so at its start every message
 * still 'sending' was claimed by a process that died, and is due again at once rather than
 * when its lease ends. At most a few batches' worth of rows.
 */
export async function releaseAllClaims(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ state: "queued", claimed_until: null, claimed_by: null })
    .where("state", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
