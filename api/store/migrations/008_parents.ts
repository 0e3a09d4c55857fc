import type { Kysely, Migration } from "kysely";

/**
 * Parents-only albums (docs/product.md §12): every public gallery read leaves out the
 * images of albums with visibility 'parents', through a subquery that this index answers
 * without reading the albums table.
 */
export function parentsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("albums_visibility").on("albums").columns(["visibility", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("albums_visibility").execute();
    },
  };
}
