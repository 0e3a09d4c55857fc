import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../dialect";

/** '/objects/images/' is 16 characters: what follows is the stored image's id. */
const OBJECT_IMAGE_PREFIX_LENGTH = 16;

/**
 * Photos of children, done right (docs/product.md, 'Photos'): albums with a visibility,
 * each gallery image's album and place in it, an image description (alt text) on
 * gallery, news and event images, the consent record (who confirmed it, when), and
 * the stored image a gallery row shows (`image_id`), so the file server can tell a
 * parents-only image and a takedown can find every byte of it by index.
 */
export function photosMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { serialId } = columnTypes(db);
      await db.schema
        .createTable("albums")
        .addColumn("id", "integer", serialId)
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("event_id", "integer", (c) => c.references("events.id").onDelete("set null"))
        .addColumn("cover_image_id", "integer")
        .addColumn("visibility", "text", (c) => c.notNull().defaultTo("public"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      // Newest album first on /gallery; an event page finds its album by event.
      await db.schema.createIndex("albums_date").on("albums").columns(["date", "id"]).execute();
      await db.schema.createIndex("albums_event").on("albums").column("event_id").execute();
      // Every public gallery read leaves out parents-only albums' images through a subquery
      // this index answers without reading the albums table.
      await db.schema.createIndex("albums_visibility").on("albums").columns(["visibility", "id"]).execute();

      await db.schema.alterTable("gallery").addColumn("album_id", "integer").execute();
      await db.schema.alterTable("gallery").addColumn("position", "integer").execute();
      await db.schema.alterTable("gallery").addColumn("alt_text", "text").execute();
      await db.schema.alterTable("gallery").addColumn("consent_by", "text").execute();
      await db.schema.alterTable("gallery").addColumn("consent_at", "text").execute();
      await db.schema.alterTable("gallery").addColumn("image_id", "text").execute();
      await db.schema
        .createIndex("gallery_album_position")
        .on("gallery")
        .columns(["album_id", "position", "id"])
        .execute();
      await db.schema.createIndex("gallery_image").on("gallery").column("image_id").execute();
      await sql`update gallery set image_id = substr(image_url, ${sql.lit(OBJECT_IMAGE_PREFIX_LENGTH + 1)})
        where image_url like '/objects/images/%'`.execute(db);

      await db.schema.alterTable("news").addColumn("image_alt", "text").execute();
      await db.schema.alterTable("events").addColumn("image_alt", "text").execute();
      // A takedown finds the news items and events that show the same stored image.
      await db.schema.createIndex("news_image_url").on("news").column("image_url").execute();
      await db.schema.createIndex("events_image_url").on("events").column("image_url").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ["news_image_url", "events_image_url", "albums_visibility"]) {
        await db.schema.dropIndex(name).execute();
      }
      await db.schema.alterTable("events").dropColumn("image_alt").execute();
      await db.schema.alterTable("news").dropColumn("image_alt").execute();
      await db.schema.dropIndex("gallery_image").execute();
      await db.schema.dropIndex("gallery_album_position").execute();
      for (const column of ["image_id", "consent_at", "consent_by", "alt_text", "position", "album_id"]) {
        await db.schema.alterTable("gallery").dropColumn(column).execute();
      }
      await db.schema.dropTable("albums").execute();
    },
  };
}
