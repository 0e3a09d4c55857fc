import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PostgresStore, SqliteStore, Store } from "../store/db";
import { sqliteKysely } from "../store/db";
import { postgresDatabase, type PostgresSettings } from "../store/postgres";
import { SQLite, type SqliteDatabase } from "../store/sqlite-driver";
import { backupDatabase } from "./backup";
import { DATABASE_FILE } from "./files";
import { asOpenError, checkIntact } from "./integrity";
import { exclusivelyOnPostgres } from "./postgres-start";

/** Where the data is: PostgreSQL when its settings are given, else SQLite in dataDir (null: in memory). */
export type StoreLocation = { postgres: PostgresSettings } | { dataDir: string | null };

/**
 * Opens DATA_DIR/data.sqlite, or an in-memory database when dataDir is null (tests), and
 * refuses a damaged file (DamagedDatabaseError) instead of serving 500s from it.
 */
function openDatabase(dataDir: string | null): SqliteDatabase {
  if (dataDir === null) return new SQLite(":memory:");
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  let database: SqliteDatabase | undefined;
  try {
    database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    // NORMAL would sync the WAL only at checkpoints: a power cut could take back the
    // last few commits the visitor was told were saved. FULL syncs the WAL on every
    // commit; at a club's few writes a day that costs nothing anyone would notice.
    database.pragma("synchronous = FULL");
    checkIntact(database, file);
    return database;
  } catch (err) {
    database?.close();
    throw asOpenError(err, file);
  }
}

/**
 * The only SQLite-specific place a store is made: WAL, synced commits, foreign keys,
 * secure deletes, a structural check of the file at open.
 */
export function openSqliteStore(dataDir: string | null): SqliteStore {
  const database = openDatabase(dataDir);
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  // A deleted image's pages are overwritten with zeros, not left readable in free pages
  // of the file (or of a snapshot copied from it): a takedown removes the bytes
  // (docs/product.md, 'Photos'). It costs a write of each freed page, at a club's few deletes.
  database.pragma("secure_delete = ON");
  return {
    dialect: "sqlite",
    db: sqliteKysely(database),
    backup: (file) => backupDatabase(database, file),
    exclusively: (work) => work(),
  };
}

/** Connects lazily: the first query (the migration at start) says whether it is reachable. */
export function openPostgresStore(settings: PostgresSettings): PostgresStore {
  const { db } = postgresDatabase(settings);
  return { dialect: "postgres", db, exclusively: (work) => exclusivelyOnPostgres(settings, work) };
}

export function openStore(location: StoreLocation): Store {
  return "postgres" in location ? openPostgresStore(location.postgres) : openSqliteStore(location.dataDir);
}
