import type { Kysely, Migration } from "kysely";

/**
 * One counter that every write moves on, so that each instance sharing a PostgreSQL
 * database can tell that a page it keeps was made from older content (see
 * ../content-version.ts). A SQLite site is served by one process, which counts in memory.
 */
export function contentVersionMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_version")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .execute();
      await (db as Kysely<{ content_version: { id: number; version: number } }>)
        .insertInto("content_version")
        .values({ id: 1, version: 0 })
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("content_version").ifExists().execute();
    },
  };
}
