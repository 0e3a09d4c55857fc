import { DATABASE_UNAVAILABLE_MESSAGE, describeUnavailable } from "../../store/unavailable";

/**
 * Logs an unreachable database once per episode, and its return: while it is down every
 * request fails the same way, and one line per request would bury the first one.
 */
export class UnavailableLog {
  #down = false;

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  failed(err: unknown): void {
    if (this.#down) return;
    this.#down = true;
    this.log(
      `[api] ${DATABASE_UNAVAILABLE_MESSAGE} Requests answer 503 until it is back. (${describeUnavailable(err)})`,
    );
  }

  answered(): void {
    if (!this.#down) return;
    this.#down = false;
    this.log("[api] The database can be reached again.");
  }
}
