import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import { clientAddress } from "../lib/client-address";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { verifyPassword } from "../lib/passwords";
import { recordChange } from "../lib/activity";
import { startSession } from "../lib/sessions";
import { readJson, validate } from "../lib/validation";
import { checkInTurn, takeLoginTurn } from "../lib/login-turn";
import { startSecondFactor } from "../lib/second-factor";
import { clearFailures, recordFailure, releaseAttempt } from "../../store/login-failures";
import { deleteToken } from "../../store/tokens";
import { findUserToSignIn } from "../../store/users";

export const INVALID_LOGIN_MESSAGE = "Invalid username or password";

const loginSchema = z.object({
  username: z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
    .trim()
    .min(1, "is required")
    .max(200, "must be at most 200 characters"),
  password: z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
    .min(1, "is required")
    .max(1024, "must be at most 1024 characters"),
});

export function authRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.post("/admin/login", jsonLimit, async (c) => {
    const { username, password } = validate(loginSchema, await readJson(c));
    const address = clientAddress(c, deps.trustProxy);

    // Counted before the slow hash, so attempts sent at once cannot all be checked.
    const attemptId = await takeLoginTurn(deps, address);

    const user = await findUserToSignIn(db, username);
    // An unknown user is checked against a dummy hash so both failures take the same time.
    const stored = user?.passwordHash ?? (await deps.dummyPasswordHash());
    const passwordOk = await checkInTurn(deps, attemptId, () => verifyPassword(password, stored));
    if (!user || !passwordOk) {
      await recordFailure(db, address, attemptId, deps.now());
      throw new ApiError(401, INVALID_LOGIN_MESSAGE);
    }

    if (user.totpSecret) {
      // Neither a success nor a failure yet: the address's failures are wiped only once
      // the code is right too, so a known password buys no fresh tries at the code.
      await releaseAttempt(db, attemptId);
      return c.json({ twoFactorRequired: true, challenge: await startSecondFactor(deps, user.id) });
    }
    await clearFailures(db, address, attemptId);
    return c.json(await startSession(deps, c, user));
  });

  // Lets a web app that keeps the token in its own session ask whether it still holds.
  // The token check has read the person and the token already: their name and role let the
  // admin header be drawn from this one answer (docs/architecture.md, 'Budgets').
  app.get("/admin/session", requireAdmin(deps), (c) => {
    const { username, expiresAt, name, role } = c.get("user");
    return c.json({ username, expiresAt, name, role });
  });

  app.post("/admin/logout", requireAdmin(deps), async (c) => {
    await deleteToken(db, c.get("tokenHash"));
    await recordChange(deps, c, "auth.sign-out");
    return c.json({ ok: true });
  });

  return app;
}
