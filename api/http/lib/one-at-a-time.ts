/**
 * Runs tasks one after another, in the order they came. Decoding a twelve-megapixel
 * photo and encoding its variants takes over 100 MB of native memory for a second or
 * two; four uploads at once took four times that, and the freed memory stayed with the
 * process. Queued uploads only wait: each request already holds its own body.
 */
export class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task);
    // The next task waits for this one to settle, whether it succeeded or not.
    this.last = result.catch(() => undefined);
    return result;
  }
}
