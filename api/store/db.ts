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

/** Enough for every query the site writes, with room for the lists' varying IN (…) lengths. */
const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every query afresh; an admin list page runs some 30, and preparing
 * them was a tenth of its time. A query's text is the same every time it is made, so
 * its prepared statement is kept and reused (the least recently used dropped past
 * STATEMENTS_KEPT). Kysely runs one query at a time on this connection; a statement
 * still being read by an unfinished stream is not reused but prepared again.
 */
function withStatementCache(database: SqliteDatabase) {
  const kept = new Map<string, ReturnType<SqliteDatabase["prepare"]>>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const statement = kept.get(sql);
      if (statement && !statement.busy) {
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const fresh = database.prepare(sql);
      if (!statement) {
        kept.set(sql, fresh);
        if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
      }
      return fresh;
    },
  };
}

/**
 * SQLite rolls a transaction back by itself on some errors, SQLITE_FULL among them.
 * Kysely then sends its own ROLLBACK, which fails ("no transaction is active") and
 * replaces the real error, so a full disk would look like a bug. Skip that ROLLBACK.
 */
class SqliteDriverKeepingErrors extends SqliteDriver {
  constructor(private readonly database: SqliteDatabase) {
    super({ database: withStatementCache(database) });
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
