import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The school's term dates (docs/product.md, 'Term dates'): stretches of term time, each a
 * name and its first and last days as `YYYY-MM-DD` text (a school day is a local date in
 * the site's time zone, never an instant; text sorts as the calendar does). The list is
 * read in date order, which the index answers.
 */
export function termsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { serialId } = columnTypes(db);
      await db.schema
        .createTable("term_stretches")
        .addColumn("id", "integer", serialId)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("start_date", "text", (c) => c.notNull())
        .addColumn("end_date", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("term_stretches_dates").on("term_stretches").columns(["start_date", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("term_stretches").execute();
    },
  };
}
