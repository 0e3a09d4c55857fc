import { createRequire } from "node:module";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import type { DatabaseSettings } from "../../common/config";
import type { Database } from "./schema";

/**
 * The pg driver, loaded at the first PostgreSQL connection: a site on SQLite never loads
 * it, and it would hold about 5 MB of its idle memory (docs/architecture.md, 'Budgets').
 * Opening a store is synchronous, hence require rather than import().
 */
export function pgDriver(): typeof pg {
  return createRequire(import.meta.url)("pg") as typeof pg;
}

/** Shown in pg_stat_activity, so an operator (and a restore) can tell the site's connections. */
export const APPLICATION_NAME = "fathers-club-site";

export type PostgresSettings = Pick<
  DatabaseSettings,
  "DATABASE_POOL_SIZE" | "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_STATEMENT_TIMEOUT_MS" | "DATABASE_IDLE_TIMEOUT_MS"
> & { DATABASE_URL: string };

/** bigint (COUNT(*), …) as a number, as SQLite gives it: our counts are far below 2^53. */
export const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pgDriver().types.builtins.INT8
      ? (value: string) => Number(value)
      : pgDriver().types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

export function postgresPool(settings: PostgresSettings): pg.Pool {
  const pool = new (pgDriver().Pool)({
    connectionString: settings.DATABASE_URL,
    max: settings.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: settings.DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: settings.DATABASE_IDLE_TIMEOUT_MS,
    statement_timeout: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    // A query that waits longer than the database would let it run has lost its server.
    query_timeout: settings.DATABASE_STATEMENT_TIMEOUT_MS + settings.DATABASE_CONNECT_TIMEOUT_MS,
    application_name: APPLICATION_NAME,
    types: postgresTypes,
  });
  // A connection that breaks (the server restarts, the network drops) is dropped from the
  // pool and the next request opens a new one; without these listeners pg would throw the
  // error at the process and end it.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}

export function postgresDatabase(settings: PostgresSettings): { db: Kysely<Database>; pool: pg.Pool } {
  const pool = postgresPool(settings);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/** The PostgreSQL settings when DATABASE_URL is set; undefined means SQLite in DATA_DIR. */
export function postgresSettingsOf(config: DatabaseSettings): PostgresSettings | undefined {
  const { DATABASE_URL } = config;
  return DATABASE_URL ? { ...config, DATABASE_URL } : undefined;
}
