export const OUT_OF_SPACE_MESSAGE = "The server has run out of disk space.";

/**
 * Logs a full disk once per episode: the first refused write says so, the next ones are
 * quiet (a busy admin page would otherwise fill what little log space is left with the
 * same stack trace), and a write that succeeds ends the episode, so the next full disk
 * is logged again.
 */
export class OutOfSpaceLog {
  #reported = false;

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  writeRefused(err: unknown): void {
    if (this.#reported) return;
    this.#reported = true;
    const reason = err instanceof Error ? err.message : String(err);
    this.log(`[api] ${OUT_OF_SPACE_MESSAGE} Writes answer 507 until space is freed; reads go on. (${reason})`);
  }

  writeSucceeded(): void {
    this.#reported = false;
  }
}
