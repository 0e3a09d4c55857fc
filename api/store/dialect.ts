import {
  PostgresAdapter,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type QueryExecutorProvider,
} from "kysely";

/**
 * The one place where SQL differs between the two stores. Everything else (queries,
 * migrations) is the same Kysely code for SQLite and PostgreSQL.
 */
export type Dialect = "sqlite" | "postgres";

export function dialectOf(db: QueryExecutorProvider): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Column types that are spelled differently. */
export function columnTypes(db: QueryExecutorProvider): {
  blob: ColumnDataType;
  serialId: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return dialectOf(db) === "postgres"
    ? { blob: "bytea", serialId: (col) => col.primaryKey().generatedByDefaultAsIdentity() }
    : { blob: "blob", serialId: (col) => col.primaryKey().autoIncrement() };
}

/**
 * Makes the calling transaction the only one holding `key` until it ends. SQLite runs
 * one write transaction at a time in our single process, so there is nothing to do;
 * PostgreSQL is shared by several processes, and a transaction-scoped advisory lock
 * keeps two of them (on any instance) from reading the same count and both acting on it.
 */
export async function serializeOn(trx: QueryExecutorProvider, key: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
