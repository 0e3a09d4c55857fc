import { sql, type Kysely, type Migration, type QueryExecutorProvider } from "kysely";
import { dialectOf } from "../dialect";

/**
 * A booking's e-mails (docs/product.md, 'Bookings'):
 * - `bookings.link_seed`: the private link is made from it and the server's signing
 *   secret, so the link a family has can be e-mailed again without replacing it (the
 *   token itself is still kept only as a hash); null for a booking without a link, or
 *   one made before this (its link cannot be told again, so its next one is new);
 * - `bookings.link_sent_at`: when an e-mail with the link was last queued: one per
 *   address per event per 10 minutes, as subscriptions' `confirmation_sent_at`;
 * - `mail_outbox.booking_id`: the booking a message is about, so emptying the booking
 *   empties its messages too (and deleting it deletes them). Messages queued before
 *   this are found by their key, `booking-{kind}:{id}` or `booking-{kind}:{id}:{time}`.
 */
export function bookingMailMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("bookings").addColumn("link_seed", "text").execute();
      await db.schema.alterTable("bookings").addColumn("link_sent_at", "text").execute();
      await db.schema
        .alterTable("mail_outbox")
        .addColumn("booking_id", "integer", (c) => c.references("bookings.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("mail_outbox_booking").on("mail_outbox").columns(["booking_id"]).execute();
      await linkBookingMessages(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("mail_outbox_booking").execute();
      await db.schema.alterTable("mail_outbox").dropColumn("booking_id").execute();
      await db.schema.alterTable("bookings").dropColumn("link_sent_at").execute();
      await db.schema.alterTable("bookings").dropColumn("link_seed").execute();
    },
  };
}

/**
 * Points each booking message that has no booking yet at the booking its key names
 * (`booking-{kind}:{id}` or `booking-{kind}:{id}:{time}`), if it is still there.
 */
export async function linkBookingMessages(db: QueryExecutorProvider): Promise<void> {
  const rest = sql`substr(key, instr(key, ':') + 1)`;
  const idInKey =
    dialectOf(db) === "postgres"
      ? sql`split_part(key, ':', 2)`
      : sql`case when instr(${rest}, ':') > 0 then substr(${rest}, 1, instr(${rest}, ':') - 1) else ${rest} end`;
  await sql`
    update mail_outbox set booking_id = bookings.id
    from bookings
    where mail_outbox.kind = 'booking' and mail_outbox.booking_id is null and ${idInKey} = cast(bookings.id as text)
  `.execute(db);
}
