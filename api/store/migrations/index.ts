import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "../schema";
import { initialMigration } from "./001_initial";

/** Migrations live in code (no file-system scanning), named so they sort in order. */
function migrations(): Record<string, Migration> {
  return {
    "001_initial": initialMigration(),
  };
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
    throw new Error(`Database migration failed: ${reason}`);
  }
}
