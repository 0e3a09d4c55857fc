import { APPLICATION_NAME, pgDriver, type PostgresSettings, redactedUrl } from "../store/postgres";
import { describeUnavailable, isDatabaseUnavailable } from "../store/unavailable";
import { OperatorError } from "./operator-error";

/**
 * Runs `work` while holding a session advisory lock on a connection of its own, so
 * that instances starting at the same moment make the admin user and the demo content
 * once, one after the other. Its own connection: the work itself uses the pool, which
 * may be a single connection.
 */
export async function exclusivelyOnPostgres<T>(settings: PostgresSettings, work: () => Promise<T>): Promise<T> {
  const client = new (pgDriver().Client)({
    connectionString: settings.DATABASE_URL,
    connectionTimeoutMillis: settings.DATABASE_CONNECT_TIMEOUT_MS,
    application_name: APPLICATION_NAME,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw cannotReach(settings.DATABASE_URL, err);
  }
  try {
    await client.query("select pg_advisory_lock(hashtext('fathers-club-site:startup'))");
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The start stops with one line an operator can act on, not a driver's stack. */
export function cannotReach(url: string, err: unknown): unknown {
  if (!isDatabaseUnavailable(err) && !(err instanceof pgDriver().DatabaseError)) return err;
  return new OperatorError(`Cannot use the database at ${redactedUrl(url)}: ${describeUnavailable(err)}.`);
}
