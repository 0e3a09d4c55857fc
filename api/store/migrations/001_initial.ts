import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../dialect";

export function initialMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { blob, serialId } = columnTypes(db);
      await db.schema
        .createTable("users")
        .addColumn("id", "integer", serialId)
        .addColumn("username", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("tokens_user_id").on("tokens").column("user_id").execute();

      await db.schema
        .createTable("login_failures")
        .addColumn("id", "integer", serialId)
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("failed_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("login_failures_address")
        .on("login_failures")
        .columns(["address", "failed_at"])
        .execute();

      await db.schema
        .createTable("news")
        .addColumn("id", "integer", serialId)
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("image_url", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("news_published_at").on("news").column("published_at").execute();

      await db.schema
        .createTable("events")
        .addColumn("id", "integer", serialId)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("comment", "text", (c) => c.notNull())
        .addColumn("organiser", "text")
        .addColumn("location", "text")
        .addColumn("image_url", "text")
        .addColumn("booking_url", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("events_date").on("events").column("date").execute();

      await db.schema
        .createTable("gallery")
        .addColumn("id", "integer", serialId)
        .addColumn("image_url", "text", (c) => c.notNull())
        .addColumn("caption", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("site_texts")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("images")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("bytes", blob, (c) => c.notNull())
        .addColumn("etag", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("image_variants")
        .addColumn("image_id", "text", (c) => c.notNull().references("images.id").onDelete("cascade"))
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("bytes", blob, (c) => c.notNull())
        .addColumn("etag", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width"])
        .execute();

      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("image_id", "text", (c) => c.references("images.id").onDelete("set null"))
        .addColumn("completed_at", "text")
        .execute();

      await db.schema
        .createTable("meta")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        "meta",
        "uploads",
        "image_variants",
        "images",
        "site_texts",
        "gallery",
        "events",
        "news",
        "login_failures",
        "tokens",
        "users",
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
