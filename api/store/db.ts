import { Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";
import type { Database } from "./schema";
import type { SqliteDatabase } from "./sqlite-driver";

/**
 * What the HTTP app and the operations reach the data through. It is opened, checked
 * and claimed by ops/open-store.ts; this module only says what a store is.
 */
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

/** Kysely over an open SQLite database, keeping SQLite's own error when it rolled back by itself. */
export function sqliteKysely(database: SqliteDatabase): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors(database) });
}
