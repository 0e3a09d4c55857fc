import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Repeating events (docs/product.md, 'Repeating events'): a series is its rule; each date it is held
 * on is a real `events` row (own id, page, bookings, album, revisions, search entry) that
 * points back at it with its original local date (`series_date`, the calendar's
 * RECURRENCE-ID). `made_until` says up to which date the rows exist: the daily upkeep makes
 * the rest of the window. Unique (series_id, series_date) lets two instances run the same
 * upkeep at once and still make each date once. `series_changed`: edited alone, so the
 * calendar writes it as an exception. `event_series_skips`: dates deleted one at a time,
 * never made again.
 */
export function eventSeriesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { serialId } = columnTypes(db);
      await db.schema
        .createTable("event_series")
        .addColumn("id", "integer", serialId)
        .addColumn("every", "text", (c) => c.notNull())
        .addColumn("until_date", "text")
        .addColumn("count", "integer")
        .addColumn("term_time_only", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("time_of_day", "text", (c) => c.notNull())
        .addColumn("first_date", "text", (c) => c.notNull())
        .addColumn("made_until", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable("events")
        .addColumn("series_id", "integer", (c) => c.references("event_series.id"))
        .execute();
      await db.schema.alterTable("events").addColumn("series_date", "text").execute();
      await db.schema
        .alterTable("events")
        .addColumn("series_changed", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("events_series_dates")
        .unique()
        .on("events")
        .columns(["series_id", "series_date"])
        .execute();
      await db.schema
        .createTable("event_series_skips")
        .addColumn("series_id", "integer", (c) => c.notNull().references("event_series.id").onDelete("cascade"))
        .addColumn("date", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("event_series_skips_key", ["series_id", "date"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("event_series_skips").execute();
      await db.schema.dropIndex("events_series_dates").execute();
      await db.schema.alterTable("events").dropColumn("series_changed").execute();
      await db.schema.alterTable("events").dropColumn("series_date").execute();
      await db.schema.alterTable("events").dropColumn("series_id").execute();
      await db.schema.dropTable("event_series").execute();
    },
  };
}
