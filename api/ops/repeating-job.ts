export interface RepeatingJob {
  /** Stops the timer and waits for a run under way, so the store can close. */
  stop(): Promise<void>;
}

/**
 * Runs `job` at once, then again each time the delay it answers (in ms) has passed,
 * until stopped: the daily snapshots and the daily pruning. `job` must not throw; it
 * logs its own failure and answers when to try again. The timer is unref'd, so it
 * never keeps a stopping process up.
 */
export function startRepeating(job: () => Promise<number>): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async (): Promise<void> => {
    const delayMs = await job();
    if (stopped) return;
    timer = setTimeout(() => {
      running = run();
    }, delayMs);
    timer.unref();
  };
  let running = run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
