import type { Kysely, Migration } from "kysely";

/**
 * A booking's e-mails (docs/product.md, 'Bookings'):
 * - `bookings.link_seed`: the private link is made from it and the server's signing
 *   secret, so the link a family has can be e-mailed again without replacing it (the
 *   token itself is still kept only as a hash); null for a booking without a link, or
 *   one made before this (its link cannot be told again, so its next one is new);
 * - `bookings.link_sent_at`: when an e-mail with the link was last queued: one per
 *   address per event per 10 minutes, as subscriptions' `confirmation_sent_at`.
 */
export function bookingMailMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("bookings").addColumn("link_seed", "text").execute();
      await db.schema.alterTable("bookings").addColumn("link_sent_at", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("bookings").dropColumn("link_sent_at").execute();
      await db.schema.alterTable("bookings").dropColumn("link_seed").execute();
    },
  };
}
