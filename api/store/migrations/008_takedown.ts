import type { Kysely, Migration } from "kysely";

/**
 * Takedown (docs/product.md §12): deleting a gallery image also takes it off every news
 * item and event that shows the same stored image, and the confirmation names them.
 * These indexes find those items by their image_url, so neither costs more at 10,000
 * items than at 10.
 */
export function takedownMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("news_image_url").on("news").column("image_url").execute();
      await db.schema.createIndex("events_image_url").on("events").column("image_url").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ["news_image_url", "events_image_url"]) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
