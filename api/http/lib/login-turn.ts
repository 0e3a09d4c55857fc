import { releaseAttempt } from "../../store/login-failures";
import type { ApiDeps } from "./context";
import { ApiError } from "./errors";
import { GateFullError } from "./hash-gate";
import { awaitTurn } from "./login-throttle";

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const BUSY_MESSAGE = "The server is busy checking other sign-ins. Please try again in a moment.";
const BUSY_RETRY_SECONDS = 5;

export const busy = () => new ApiError(503, BUSY_MESSAGE, { headers: { "Retry-After": String(BUSY_RETRY_SECONDS) } });

/**
 * A sign-in step's turn under the address's throttle (lib/login-throttle.ts): the id of
 * the attempt reserved for it, or 429 once the address has five failures in the window,
 * or 503 when it waited too long. Both the password and the second step take one, so a
 * wrong code counts exactly as a wrong password does. The gallery passphrase takes its
 * turns the same way under an address of its own (routes/gallery-unlock.ts), with its
 * own words for `tooMany`.
 */
export async function takeLoginTurn(
  deps: ApiDeps,
  address: string,
  tooMany = "Too many failed login attempts",
): Promise<number> {
  const attempt = await awaitTurn(deps.store.db, address, deps.now, {
    max: MAX_FAILED_LOGINS,
    windowMs: FAILED_LOGIN_WINDOW_MS,
  });
  if (attempt.outcome === "busy") throw busy();
  if (attempt.outcome === "refused") {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    throw new ApiError(429, `${tooMany}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      headers: { "Retry-After": String(attempt.retryAfterSeconds) },
    });
  }
  return attempt.id;
}

/**
 * A password (or passphrase) check in its turn, through the hash gate. When the gate is
 * full the check never ran, so the turn is given back (it does not count against the
 * visitor) and the answer is busy (503).
 */
export async function checkInTurn(deps: ApiDeps, attemptId: number, check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await deps.hashGate.run(check);
  } catch (err) {
    if (!(err instanceof GateFullError)) throw err;
    await releaseAttempt(deps.store.db, attemptId);
    throw busy();
  }
}
