import { sql, type Kysely, type Migration } from "kysely";

/**
 * Calendars told of a series' changes (docs/product.md, 'Repeating events'):
 * `event_series.changed_at` is when what a calendar writes of the series last changed (a
 * date deleted or changed alone, the series shortened or carried on, a date made or
 * published), which its entry's SEQUENCE, DTSTAMP and LAST-MODIFIED say (RFC 5545
 * 3.8.7.4). `updated_at` also moves when nothing a calendar shows did (the upkeep's look
 * ahead), so it cannot say this. Series made before count as changed when last updated.
 */
export function seriesChangesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("event_series").addColumn("changed_at", "text").execute();
      await sql`update event_series set changed_at = updated_at`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("event_series").dropColumn("changed_at").execute();
    },
  };
}
