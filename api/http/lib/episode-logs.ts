import { DATABASE_UNAVAILABLE_MESSAGE, describeUnavailable } from "../../store/unavailable";

export const OUT_OF_SPACE_MESSAGE = "The server has run out of disk space.";

type Log = (line: string) => void;
const toStderr: Log = (line) => console.error(line);

/**
 * Logs a trouble once per episode: while it lasts every request fails the same way, and
 * one line per request would bury the first (and fill what little space a full disk has
 * left). The first failure says so; what ends the episode arms the log again, and says
 * so too when `endLine` is given.
 */
export class EpisodeLog {
  #ongoing = false;

  constructor(
    private readonly startLine: (err: unknown) => string,
    private readonly endLine: string | null,
    private readonly log: Log = toStderr,
  ) {}

  failed(err: unknown): void {
    if (this.#ongoing) return;
    this.#ongoing = true;
    this.log(this.startLine(err));
  }

  ended(): void {
    if (!this.#ongoing) return;
    this.#ongoing = false;
    if (this.endLine) this.log(this.endLine);
  }
}

/** A full disk: writes are refused until a write succeeds again. */
export const outOfSpaceLog = (log?: Log) =>
  new EpisodeLog(
    (err) =>
      `[api] ${OUT_OF_SPACE_MESSAGE} Writes answer 507 until space is freed; reads go on. (${err instanceof Error ? err.message : String(err)})`,
    null,
    log,
  );

/** An unreachable database, until a request is answered again. */
export const unavailableLog = (log?: Log) =>
  new EpisodeLog(
    (err) =>
      `[api] ${DATABASE_UNAVAILABLE_MESSAGE} Requests answer 503 until it is back. (${describeUnavailable(err)})`,
    "[api] The database can be reached again.",
    log,
  );
