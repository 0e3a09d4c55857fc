import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
}

export const DATABASE_FILE = 'data.sqlite';

/**
 * The only SQLite-specific place: opens DATA_DIR/data.sqlite (or an in-memory database
 * when dataDir is null) with WAL and foreign keys. A PostgreSQL store would be another
 * factory returning { db, dialect: 'postgres' }.
 */
export function openSqliteStore(dataDir: string | null): Store {
  let database: SQLite.Database;
  if (dataDir === null) {
    database = new SQLite(':memory:');
  } else {
    mkdirSync(dataDir, { recursive: true });
    database = new SQLite(path.join(dataDir, DATABASE_FILE));
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
  }
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}
