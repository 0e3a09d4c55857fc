import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, MailState } from "./schema";

/**
 * What the admin's Mail screen reads (docs/product.md, 'E-mail'): counts, the outbox and the
 * subscribers a page at a time, and the consent records a batch at a time. Every read is
 * bounded: counts are COUNTs, lists have a limit.
 */

const count = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

export interface MailCounts {
  /** Waiting to go: queued, or claimed by a sender now. */
  queued: number;
  failed: number;
  subscribers: { confirmed: number; pending: number; bouncing: number };
}

export async function countMail(db: Kysely<Database>): Promise<MailCounts> {
  const outbox = (states: MailState[]) =>
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("state", "in", states)
      .executeTakeFirst();
  const subscribers = db.selectFrom("subscribers").select((eb) => eb.fn.countAll<number | string>().as("count"));
  const [queued, failed, confirmed, pending, bouncing] = await Promise.all([
    outbox(["queued", "sending"]),
    outbox(["failed"]),
    subscribers.where("confirmed_at", "is not", null).executeTakeFirst(),
    subscribers.where("confirmed_at", "is", null).executeTakeFirst(),
    subscribers.where("hard_bounces", ">", 0).executeTakeFirst(),
  ]);
  return {
    queued: count(queued),
    failed: count(failed),
    subscribers: { confirmed: count(confirmed), pending: count(pending), bouncing: count(bouncing) },
  };
}

export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  kind: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface Window {
  limit: number;
  offset: number;
}

/**
 * One page of a list newest first (by id), and how many rows the list has in all: the
 * Mail screen's outbox and subscribers. `pick` chooses the page's columns.
 */
async function newestFirst<T extends "mail_outbox" | "subscribers", Row>(
  list: SelectQueryBuilder<Database, T, object>,
  pick: (list: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, Row>,
  window: Window,
): Promise<{ rows: Row[]; total: number }> {
  const [total, rows] = await Promise.all([
    list.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirst(),
    pick(list)
      .orderBy(sql`id`, "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { rows, total: count(total) };
}

/** The outbox newest first, optionally in one state; and how many rows that is. */
export async function readOutbox(
  db: Kysely<Database>,
  state: MailState | null,
  window: Window,
): Promise<{ items: OutboxRow[]; total: number }> {
  let list = db.selectFrom("mail_outbox");
  if (state !== null) list = list.where("state", "=", state);
  const { rows, total } = await newestFirst(
    list,
    (q) =>
      q.select(["id", "to_address", "subject", "kind", "state", "attempts", "last_error", "created_at", "sent_at"]),
    window,
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      kind: row.kind,
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      sentAt: row.sent_at,
    })),
  };
}

export interface SubscriberRow {
  id: number;
  email: string;
  news: boolean;
  events: boolean;
  frequency: string;
  createdAt: string;
  confirmedAt: string | null;
  hardBounces: number;
  stoppedAt: string | null;
}

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The subscribers newest first; with `find`, those whose address contains it (addresses
 * are kept lower-cased in email_key, so the match ignores case). Finding a part of an
 * address reads every row: a club's subscribers are its families (the unconfirmed go
 * after 7 days), and at 10,000 of them it took under 3 ms on SQLite.
 */
export async function readSubscribers(
  db: Kysely<Database>,
  find: string | null,
  window: Window,
): Promise<{ items: SubscriberRow[]; total: number }> {
  let list = db.selectFrom("subscribers");
  if (find) list = list.where(sql<boolean>`email_key like ${containing(find.toLowerCase())} escape '\\'`);
  const { rows, total } = await newestFirst(
    list,
    (q) =>
      q.select([
        "id",
        "email",
        "news",
        "events",
        "frequency",
        "created_at",
        "confirmed_at",
        "hard_bounces",
        "stopped_at",
      ]),
    window,
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      news: Number(row.news) === 1,
      events: Number(row.events) === 1,
      frequency: row.frequency,
      createdAt: row.created_at,
      confirmedAt: row.confirmed_at,
      hardBounces: Number(row.hard_bounces),
      stoppedAt: row.stopped_at,
    })),
  };
}

/** The consent records' columns, in the order the CSV's header names them. */
export const CONSENT_COLUMNS = [
  "email",
  "news",
  "events",
  "frequency",
  "consent_version",
  "consent_text",
  "created_at",
  "confirmed_at",
] as const;

export interface ConsentRecord {
  id: number;
  email: string;
  news: number;
  events: number;
  frequency: string;
  consent_version: string;
  consent_text: string;
  created_at: string;
  confirmed_at: string | null;
}

/** The consent records after id `after`, `limit` of them in id order: a CSV is written a batch at a time. */
export function readConsentBatch(db: Kysely<Database>, after: number, limit: number): Promise<ConsentRecord[]> {
  return db
    .selectFrom("subscribers")
    .select(["id", ...CONSENT_COLUMNS])
    .where("id", ">", after)
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}
