import type { Kysely, Selectable } from "kysely";
import { claimMailTurn } from "./mail-turns";
import type { Database, SubscribersTable } from "./schema";

/**
 * Parents' e-mail subscriptions and their consent records (docs/product.md, 'E-mail').
 * One row per address (`email_key`, lower-cased); a row is unconfirmed until its
 * confirmation link is used, and unsubscribing deletes it (its queued messages go with
 * it, ON DELETE CASCADE).
 */

export type Subscriber = Selectable<SubscribersTable>;

export interface Choices {
  news: boolean;
  events: boolean;
  frequency: "posted" | "weekly";
}

/** One row per address, whatever its case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function choicesOf(row: Subscriber): Choices {
  return {
    news: row.news === 1,
    events: row.events === 1,
    frequency: row.frequency === "weekly" ? "weekly" : "posted",
  };
}

function choiceColumns(choices: Choices) {
  return { news: choices.news ? 1 : 0, events: choices.events ? 1 : 0, frequency: choices.frequency };
}

export async function subscriberByEmail(db: Kysely<Database>, email: string): Promise<Subscriber | undefined> {
  return db.selectFrom("subscribers").selectAll().where("email_key", "=", emailKey(email)).executeTakeFirst();
}

export async function subscriberByManageToken(db: Kysely<Database>, token: string): Promise<Subscriber | undefined> {
  return db.selectFrom("subscribers").selectAll().where("manage_token", "=", token).executeTakeFirst();
}

/** The unconfirmed address whose confirmation link this is (its hash); nothing changes. */
export async function subscriberByConfirmHash(db: Kysely<Database>, hash: string): Promise<Subscriber | undefined> {
  return db.selectFrom("subscribers").selectAll().where("confirm_token_hash", "=", hash).executeTakeFirst();
}

export interface NewSubscriber {
  email: string;
  choices: Choices;
  manageToken: string;
  confirmTokenHash: string;
  consent: { version: string; text: string };
}

/** A new, unconfirmed address, its confirmation e-mail counted as sent now. */
export async function insertSubscriber(
  db: Kysely<Database>,
  subscriber: NewSubscriber,
  now: Date,
): Promise<Subscriber> {
  return db
    .insertInto("subscribers")
    .values({
      email: subscriber.email.trim(),
      email_key: emailKey(subscriber.email),
      ...choiceColumns(subscriber.choices),
      manage_token: subscriber.manageToken,
      confirm_token_hash: subscriber.confirmTokenHash,
      consent_version: subscriber.consent.version,
      consent_text: subscriber.consent.text,
      created_at: now.toISOString(),
      confirmed_at: null,
      confirmation_sent_at: now.toISOString(),
      stopped_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes the address's turn for a confirmation e-mail (./mail-turns.ts): true (and the
 * time written) when none was queued in the last 10 minutes. With `renewal`, an
 * unconfirmed row's consent is given again: its choices, the wording, a new confirmation
 * link, and its 7 days start again.
 */
export async function claimConfirmationTurn(
  db: Kysely<Database>,
  id: number,
  now: Date,
  renewal?: Omit<NewSubscriber, "email" | "manageToken">,
): Promise<boolean> {
  if (!(await claimMailTurn(db, "subscribers", id, now))) return false;
  if (renewal) {
    await db
      .updateTable("subscribers")
      .set({
        ...choiceColumns(renewal.choices),
        confirm_token_hash: renewal.confirmTokenHash,
        consent_version: renewal.consent.version,
        consent_text: renewal.consent.text,
        created_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
  }
  return true;
}

/** Confirms the address whose link this is; undefined for a link that no longer works. */
export async function confirmSubscriber(
  db: Kysely<Database>,
  confirmTokenHash: string,
  now: Date,
): Promise<Subscriber | undefined> {
  return db
    .updateTable("subscribers")
    .set({ confirmed_at: now.toISOString(), confirm_token_hash: null })
    .where("confirm_token_hash", "=", confirmTokenHash)
    .returningAll()
    .executeTakeFirst();
}

export async function updateChoices(
  db: Kysely<Database>,
  manageToken: string,
  choices: Choices,
): Promise<Subscriber | undefined> {
  return db
    .updateTable("subscribers")
    .set(choiceColumns(choices))
    .where("manage_token", "=", manageToken)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Unsubscribing (by their link) or a removal (by the Mail screen, by id): the address goes,
 * and with it every message to them, which holds it too (mail_outbox's foreign key cascades;
 * SQLite enforces it, ops/open-store.ts). Answers whether there was one.
 */
export async function deleteSubscriber(
  db: Kysely<Database>,
  which: { manageToken: string } | { id: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom("subscribers")
    .where((eb) => ("id" in which ? eb("id", "=", which.id) : eb("manage_token", "=", which.manageToken)))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Deletes up to `batch` addresses never confirmed whose consent was given before
 * `before`; answers how many went (the upkeep calls it until fewer than `batch` go).
 */
export async function deleteUnconfirmedBatch(db: Kysely<Database>, before: Date, batch: number): Promise<number> {
  const result = await db
    .deleteFrom("subscribers")
    .where(
      "id",
      "in",
      db
        .selectFrom("subscribers")
        .select("id")
        .where("confirmed_at", "is", null)
        .where("created_at", "<", before.toISOString())
        .orderBy("created_at")
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
