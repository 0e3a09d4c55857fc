import type { Kysely, Migration } from "kysely";

/**
 * Every list is read a page at a time, in its defined order (news newest first, events
 * by date, gallery newest first). These indexes match those orders, so a page, a count
 * or the first upcoming event costs the same at 10,000 items as at 10.
 */
export function listIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("news_published_order").on("news").columns(["published_at", "id"]).execute();
      await db.schema.createIndex("events_date_order").on("events").columns(["date", "id"]).execute();
      await db.schema.createIndex("gallery_created_order").on("gallery").columns(["created_at", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ["news_published_order", "events_date_order", "gallery_created_order"]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
    },
  };
}
