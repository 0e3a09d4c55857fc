import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Bookings on the club's own site (docs/product.md, 'Bookings'):
 * - `event_bookings`: an event booked on this site has one row, its settings (places,
 *   the most in one booking, whether a child is asked for, when bookings close, the
 *   waiting list); an event without one is booked elsewhere, at its bookingUrl;
 * - `bookings`: one row per family's booking, confirmed, waiting or cancelled, in the
 *   order they came (id). Its private link's token is kept only as a hash. Names and
 *   addresses are emptied some days after the event; the numbers stay.
 * - `mail_outbox.calendar`: a message's calendar file (text/calendar), if it has one.
 */
export function bookingsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { serialId } = columnTypes(db);
      await db.schema
        .createTable("event_bookings")
        .addColumn("event_id", "integer", (c) => c.primaryKey().references("events.id").onDelete("cascade"))
        .addColumn("places", "integer", (c) => c.notNull())
        .addColumn("max_per_booking", "integer", (c) => c.notNull())
        .addColumn("ask_child", "integer", (c) => c.notNull())
        .addColumn("closes_at", "text")
        .addColumn("waiting_list", "integer", (c) => c.notNull())
        .addColumn("reminded_at", "text")
        .addColumn("emptied_at", "text")
        .execute();

      await db.schema
        .createTable("bookings")
        .addColumn("id", "integer", serialId)
        .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.unique())
        .addColumn("name", "text")
        .addColumn("email", "text")
        .addColumn("email_key", "text")
        .addColumn("adults", "integer", (c) => c.notNull())
        .addColumn("children", "integer", (c) => c.notNull())
        .addColumn("child_name", "text")
        .addColumn("child_class", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("by_hand", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "text")
        .addColumn("cancelled_at", "text")
        .execute();
      // The places taken and the waiting list, per event, in arrival order.
      await db.schema
        .createIndex("bookings_event_status")
        .on("bookings")
        .columns(["event_id", "status", "id"])
        .execute();
      // One live booking per address per event (a cancelled one, or one emptied, does not count).
      await db.schema
        .createIndex("bookings_event_email")
        .on("bookings")
        .columns(["event_id", "email_key"])
        .unique()
        .where(sql.ref("status"), "!=", "cancelled")
        .execute();

      await db.schema.alterTable("mail_outbox").addColumn("calendar", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("mail_outbox").dropColumn("calendar").execute();
      await db.schema.dropTable("bookings").execute();
      await db.schema.dropTable("event_bookings").execute();
    },
  };
}
