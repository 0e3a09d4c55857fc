import { mkdirSync } from "node:fs";
import path from "node:path";
import { SQLite, type SqliteDatabase } from "./sqlite-driver";
import { Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";
import { backupDatabase } from "../ops/backup";
import { DATABASE_FILE } from "../ops/files";
import { asOpenError, checkIntact } from "../ops/integrity";
import { exclusivelyOnPostgres, postgresDatabase, type PostgresSettings } from "./postgres";
import type { Database } from "./schema";

interface StoreBase {
  db: Kysely<Database>;
  /** Runs start-up work (admin user, demo content) alone among every process sharing the store. */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/** SQLite in DATA_DIR (or in memory): one process serves it, holding DATA_DIR's lock. */
export interface SqliteStore extends StoreBase {
  dialect: "sqlite";
  /**
   * Writes a consistent copy of the whole store to `file` while it keeps serving (the
   * daily snapshots). The copy takes that name only once it is complete.
   */
  backup(file: string): Promise<void>;
}

/** A PostgreSQL database that any number of instances share. */
export interface PostgresStore extends StoreBase {
  dialect: "postgres";
}

export type Store = SqliteStore | PostgresStore;

/** Where the data is: PostgreSQL when its settings are given, else SQLite in dataDir (null: in memory). */
export type StoreLocation = { postgres: PostgresSettings } | { dataDir: string | null };

export { DATABASE_FILE };

/**
 * SQLite rolls a transaction back by itself on some errors, SQLITE_FULL among them.
 * Kysely then sends its own ROLLBACK, which fails ("no transaction is active") and
 * replaces the real error, so a full disk would look like a bug. Skip that ROLLBACK.
 */
class SqliteDriverKeepingErrors extends SqliteDriver {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.database.inTransaction) await super.rollbackTransaction(connection);
  }
}

class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingErrors(this.database);
  }
}

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
 * The only SQLite-specific place a store is made: WAL, synced commits, foreign keys, a
 * structural check of the file at open.
 */
export function openSqliteStore(dataDir: string | null): SqliteStore {
  const database = openDatabase(dataDir);
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return {
    dialect: "sqlite",
    db: new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors(database) }),
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
