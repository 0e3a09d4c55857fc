/**
 * Bounds the password hashes running at once. Each scrypt hash at the default cost
 * takes about 128 MB and a core for a fraction of a second, so a burst of logins
 * would otherwise take the process's memory with it. A few run, a few more wait in a
 * short queue, and the rest are turned away at once rather than piling up.
 */
export class GateFullError extends Error {
  constructor() {
    super("Too many password checks are waiting");
    this.name = "GateFullError";
  }
}

export interface GateLimits {
  /** Hashes running at the same time. */
  running: number;
  /** Hashes allowed to wait for a free slot. */
  queued: number;
}

export const DEFAULT_HASH_LIMITS: GateLimits = { running: 2, queued: 8 };

export class HashGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: GateLimits = DEFAULT_HASH_LIMITS) {}

  /** Runs `task` when a slot is free; throws GateFullError at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.waiting.length >= this.limits.queued) throw new GateFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
