import type { Context } from "hono";
import { clientAddress } from "../lib/client-address";
import { recordFailure, releaseAttempt } from "../../store/login-failures";
import type { UserRecord } from "../../store/users";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { checkInTurn, takeLoginTurn } from "../lib/login-turn";
import { verifyPassword } from "../lib/passwords";
import { checkCode, codesLocked } from "../lib/second-factor";

/**
 * Turning authenticator codes off asks for proof that the person is at the keyboard,
 * not just holding their session: a current code (or a recovery code) or their
 * password. Each try takes a turn under the sign-in throttle, so a stolen session
 * cannot guess either.
 */
export async function turnOffCheck(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  user: UserRecord,
  proof: { code: string | null; password: string | null },
): Promise<void> {
  const { db } = deps.store;
  if (!proof.code && !proof.password) {
    throw new ApiError(400, "code: is required (or the password)", { field: "code", problem: { code: "required" } });
  }
  const address = clientAddress(c, deps.trustProxy);
  const attemptId = await takeLoginTurn(deps, address);
  let ok: boolean;
  if (proof.code) {
    const check = await checkCode(deps, user, proof.code, { id: user.id, name: user.name });
    if (check.outcome === "locked") {
      await releaseAttempt(db, attemptId);
      throw codesLocked(check.until, deps.now());
    }
    ok = check.outcome === "right";
  } else {
    ok = await checkInTurn(deps, attemptId, () => verifyPassword(proof.password ?? "", user.passwordHash));
  }
  if (!ok) {
    await recordFailure(db, address, attemptId, deps.now());
    const field = proof.code ? "code" : "password";
    throw new ApiError(400, `${field}: is not right`, { field, problem: { code: "invalid" } });
  }
  await releaseAttempt(db, attemptId);
}
