import { recordFailure } from "../../store/login-failures";
import type { ApiDeps } from "./context";
import { ApiError } from "./errors";
import { FAILED_LOGIN_WINDOW_MS, busy } from "./login-turn";
import { awaitTurn } from "./login-throttle";

/**
 * Counts one use of a public form (subscribing, booking) against the client's address,
 * under the sign-in throttle's window and table with a key of its own (`key` names the
 * form and the address): past `max` uses in the window, a 429 that says, after
 * `tooMany`, in how many minutes to try again.
 */
export async function countClientUse(deps: ApiDeps, key: string, max: number, tooMany: string): Promise<void> {
  const { db } = deps.store;
  const turn = await awaitTurn(db, key, deps.now, { max, windowMs: FAILED_LOGIN_WINDOW_MS });
  if (turn.outcome === "busy") throw busy();
  if (turn.outcome === "refused") {
    const minutes = Math.ceil(turn.retryAfterSeconds / 60);
    throw new ApiError(429, `${tooMany} ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      headers: { "Retry-After": String(turn.retryAfterSeconds) },
    });
  }
  // Every use counts, whatever was sent: the table's 'failures' are uses here.
  await recordFailure(db, key, turn.id, deps.now());
}
