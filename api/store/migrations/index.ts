import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "../schema";
import { initialMigration } from "./001_initial";
import { contentVersionMigration } from "./002_content_version";
import { listIndexesMigration } from "./003_list_indexes";
import { pendingLoginAttemptsMigration } from "./004_pending_login_attempts";
import { uploadSessionsMigration } from "./005_upload_sessions";
import { committeeMigration } from "./006_committee";
import { photosMigration } from "./007_photos";
import { hardeningMigration } from "./008_hardening";
import { mailMigration } from "./009_mail";
import { bookingsMigration } from "./010_bookings";
import { publishingMigration } from "./011_publishing";
import { termsMigration } from "./012_terms";
import { searchMigration } from "./013_search";
import { eventSeriesMigration } from "./014_event_series";
import { bookingMailMigration } from "./015_booking_mail";
import { seriesChangesMigration } from "./016_series_changes";

/**
 * Migrations live in code (no file-system scanning), named so they sort in order. The same ones
 * run on SQLite and PostgreSQL; the few column types that differ come from ../dialect.ts.
 * On PostgreSQL, Kysely's migrator holds an advisory lock while it runs, so instances
 * starting at the same moment migrate once, one after the other.
 */
function migrations(): Record<string, Migration> {
  return {
    "001_initial": initialMigration(),
    "002_content_version": contentVersionMigration(),
    "003_list_indexes": listIndexesMigration(),
    "004_pending_login_attempts": pendingLoginAttemptsMigration(),
    "005_upload_sessions": uploadSessionsMigration(),
    "006_committee": committeeMigration(),
    "007_photos": photosMigration(),
    "008_hardening": hardeningMigration(),
    "009_mail": mailMigration(),
    "010_bookings": bookingsMigration(),
    "011_publishing": publishingMigration(),
    "012_terms": termsMigration(),
    "013_search": searchMigration(),
    "014_event_series": eventSeriesMigration(),
    "015_booking_mail": bookingMailMigration(),
    "016_series_changes": seriesChangesMigration(),
  };
}

/** Every migration's name, in the order they run. */
export function migrationNames(): string[] {
  return Object.keys(migrations()).sort();
}

class CodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations();
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    // The cause keeps the driver's code, so an unreachable server is told apart from a bug.
    throw new Error(`Database migration failed: ${reason}`, { cause: error });
  }
}
