/**
 * A failure whose message is complete and addressed to whoever runs the site: a bad
 * DATA_DIR, a damaged database, a server already running. It is printed alone, without
 * a stack trace, and the process exits.
 */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperatorError";
  }
}

/** A path as it can be pasted into a shell. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
