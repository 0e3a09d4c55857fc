import { Hono } from "hono";
import { z } from "zod";
import { clearFailures, recordFailure, releaseAttempt } from "../../store/login-failures";
import { consumeChallenge, countWrongAnswer } from "../../store/auth-challenges";
import { findUserById } from "../../store/users";
import { jsonLimit } from "../lib/body-limits";
import { clientAddress } from "../lib/client-address";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { takeLoginTurn } from "../lib/login-turn";
import { checkCode, codesLocked, findSecondFactor, SECOND_FACTOR_MAX_ATTEMPTS } from "../lib/second-factor";
import { startSession } from "../lib/sessions";
import { readJson, requiredText, validate } from "../lib/validation";

export const INVALID_CODE_MESSAGE = "Invalid code";
export const CHALLENGE_EXPIRED_MESSAGE = "This sign-in has expired. Please log in again.";

const secondFactorSchema = z.object({ challenge: requiredText(100), code: requiredText(40) });

/**
 * `POST /api/admin/login/second-factor` `{challenge, code}`: the second step of a
 * password sign-in for someone with authenticator codes on (docs/product.md, 'The committee'). The
 * step takes a turn under the same per-address throttle as the password, and a wrong
 * code counts as a failed sign-in; the challenge itself dies after five wrong codes or
 * five minutes; and the person's own count, across every address and challenge, locks
 * their codes after ten wrong ones in a row (lib/second-factor.ts, checkCode): then
 * every code is refused unchecked (429), and the address is not charged for it.
 */
export function secondFactorRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.post("/admin/login/second-factor", jsonLimit, async (c) => {
    const { challenge, code } = validate(secondFactorSchema, await readJson(c));
    const address = clientAddress(c, deps.trustProxy);
    const attemptId = await takeLoginTurn(deps, address);

    const step = await findSecondFactor(deps, challenge);
    const user = step ? await findUserById(db, step.userId) : null;
    if (!step || !user) {
      // A challenge nobody was given (or one that is over) is a wrong guess as well.
      await recordFailure(db, address, attemptId, deps.now());
      throw new ApiError(401, CHALLENGE_EXPIRED_MESSAGE, { code: "challenge-expired" });
    }
    const check = await checkCode(deps, user, code, null);
    if (check.outcome === "locked") {
      await releaseAttempt(db, attemptId);
      throw codesLocked(check.until, deps.now());
    }
    const how = check.outcome === "right" ? check.how : null;
    if (!how || !(await consumeChallenge(db, step.idHash))) {
      await recordFailure(db, address, attemptId, deps.now());
      if (how === null) await countWrongAnswer(db, step.idHash, SECOND_FACTOR_MAX_ATTEMPTS);
      throw new ApiError(401, INVALID_CODE_MESSAGE, { field: "code", problem: { code: "invalid" } });
    }
    await clearFailures(db, address, attemptId);
    return c.json(await startSession(deps, c, user, how));
  });

  return app;
}
