import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../dialect";

/**
 * E-mail (docs/product.md, 'E-mail'):
 * - `subscribers`: a parent's address, what they chose, and the consent record (the
 *   wording's version and text, when given, when confirmed); unsubscribing deletes the row;
 * - `mail_outbox`: every message the site sends, one row each, unique by its key, so the
 *   same message is never queued twice; a message to a subscriber goes with them;
 * - `mail_fan_outs`: a message to many (a new item as posted, a weekly digest), turned
 *   into outbox rows a page of subscribers at a time once it is due.
 */
export function mailMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { serialId } = columnTypes(db);
      await db.schema
        .createTable("subscribers")
        .addColumn("id", "integer", serialId)
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull().unique())
        .addColumn("news", "integer", (c) => c.notNull())
        .addColumn("events", "integer", (c) => c.notNull())
        .addColumn("frequency", "text", (c) => c.notNull())
        .addColumn("manage_token", "text", (c) => c.notNull().unique())
        .addColumn("confirm_token_hash", "text", (c) => c.unique())
        .addColumn("consent_version", "text", (c) => c.notNull())
        .addColumn("consent_text", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "text")
        .addColumn("confirmation_sent_at", "text")
        .addColumn("hard_bounces", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("stopped_at", "text")
        .execute();
      // Fan-outs walk the confirmed subscribers in id order; the upkeep finds the unconfirmed by age.
      await db.schema.createIndex("subscribers_confirmed").on("subscribers").columns(["confirmed_at", "id"]).execute();
      await db.schema.createIndex("subscribers_created").on("subscribers").columns(["created_at"]).execute();

      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", "integer", serialId)
        .addColumn("key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subscriber_id", "integer", (c) => c.references("subscribers.id").onDelete("cascade"))
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text", (c) => c.notNull())
        .addColumn("list_unsubscribe", "text")
        .addColumn("message_id", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("due_at", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .addColumn("claimed_until", "text")
        .addColumn("claimed_by", "text")
        .addColumn("sent_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // The sender's claim: due rows by state and time; the rate: sends in the last minute.
      await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["state", "due_at", "id"]).execute();
      await db.schema.createIndex("mail_outbox_sent").on("mail_outbox").columns(["sent_at"]).execute();
      await db.schema.createIndex("mail_outbox_subscriber").on("mail_outbox").columns(["subscriber_id"]).execute();

      await db.schema
        .createTable("mail_fan_outs")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("item_id", "integer")
        .addColumn("due_at", "text", (c) => c.notNull())
        .addColumn("last_subscriber_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("done_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("mail_fan_outs_due").on("mail_fan_outs").columns(["done_at", "due_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("mail_fan_outs").execute();
      await db.schema.dropTable("mail_outbox").execute();
      await db.schema.dropTable("subscribers").execute();
    },
  };
}
