export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database cannot be reached at the moment. Please try again in a minute.";

/** Node's codes for a server that is down, unknown or out of reach. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception), the server
 * shutting down or starting up (57P01–57P03), too many connections (53300), and a
 * statement cancelled by statement_timeout (57014).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300|57014)$/;

/** What pg throws, without a code, when a connection cannot be had or has gone. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection closed/i;

/**
 * Whether a store error means the database server is out of reach for now, rather than
 * a bug: the request is answered 503 and the next one tries again on a new connection.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let cause: unknown = err; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (DRIVER_MESSAGES.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** A short reason for a log line or a refusal to start. */
export function describeUnavailable(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const message = err.message || (err instanceof AggregateError ? err.errors.map(String).join("; ") : "");
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}
