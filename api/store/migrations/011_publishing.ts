import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Write, check, publish (docs/product.md, 'Publishing'):
 * - `news.publish_at` and `events.publish_at`: when the item is public from (ISO, UTC);
 *   null for a draft. An item is public once its time has come, at every read, so a
 *   scheduled item needs no job to appear. Items made before keep their creation time.
 * - `…announced_at`: when what follows publication (the page cache's refresh) was done,
 *   so it is done once; null until then.
 * - `…version`: raised by every save, so a save made over a newer one is told apart.
 * - `revisions`: every save of a news item, an event or a page text, whole (its fields
 *   as JSON), with who made it and how ('save', 'autosave', 'restore').
 * - `preview_links`: links to see an unpublished item without signing in, kept as hashes.
 */
export function publishingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { serialId } = columnTypes(db);
      for (const table of ["news", "events"]) {
        await db.schema.alterTable(table).addColumn("publish_at", "text").execute();
        await db.schema.alterTable(table).addColumn("announced_at", "text").execute();
        await db.schema
          .alterTable(table)
          .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
          .execute();
        await sql`update ${sql.table(table)} set publish_at = created_at, announced_at = created_at`.execute(db);
        // What is still to be announced: a handful of rows, found without reading the rest.
        await db.schema
          .createIndex(`${table}_to_announce`)
          .on(table)
          .column("publish_at")
          .where(sql.ref("announced_at"), "is", null)
          .execute();
      }

      // Visitors' count of the news (publish_at <= now) reads this index, not every row. Not
      // for events: their counts are of a date range, which events_date serves, and SQLite
      // would pick this one instead and read every public event.
      await db.schema.createIndex("news_publish_at").on("news").column("publish_at").execute();

      await db.schema
        .createTable("revisions")
        .addColumn("id", "integer", serialId)
        .addColumn("item_type", "text", (c) => c.notNull())
        .addColumn("item_key", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("by_user_id", "integer")
        .addColumn("by_name", "text")
        .addColumn("fields", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("revisions_item").on("revisions").columns(["item_type", "item_key", "id"]).execute();

      await db.schema
        .createTable("preview_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("item_type", "text", (c) => c.notNull())
        .addColumn("item_id", "integer", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("preview_links_item").on("preview_links").columns(["item_type", "item_id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("preview_links").execute();
      await db.schema.dropTable("revisions").execute();
      await db.schema.dropIndex("news_publish_at").execute();
      for (const table of ["news", "events"]) {
        await db.schema.dropIndex(`${table}_to_announce`).execute();
        for (const column of ["version", "announced_at", "publish_at"]) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
    },
  };
}
