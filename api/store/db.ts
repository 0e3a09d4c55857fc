import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";
import { backupDatabase } from "./backup";
import { DATABASE_FILE } from "./files";
import { asOpenError, checkIntact } from "./integrity";
import type { Database } from "./schema";

export interface Store {
  db: Kysely<Database>;
  /**
   * Writes a consistent copy of the whole store to `file` while it keeps serving (the
   * daily snapshots). The copy takes that name only once it is complete.
   */
  backup(file: string): Promise<void>;
}

export { DATABASE_FILE };

/**
 * SQLite rolls a transaction back by itself on some errors, SQLITE_FULL among them.
 * Kysely then sends its own ROLLBACK, which fails ("no transaction is active") and
 * replaces the real error, so a full disk would look like a bug. Skip that ROLLBACK.
 */
class SqliteDriverKeepingErrors extends SqliteDriver {
  constructor(private readonly database: SQLite.Database) {
    super({ database });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.database.inTransaction) await super.rollbackTransaction(connection);
  }
}

class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly database: SQLite.Database) {
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
function openDatabase(dataDir: string | null): SQLite.Database {
  if (dataDir === null) return new SQLite(":memory:");
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  let database: SQLite.Database | undefined;
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
export function openSqliteStore(dataDir: string | null): Store {
  const database = openDatabase(dataDir);
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors(database) }),
    backup: (file) => backupDatabase(database, file),
  };
}
