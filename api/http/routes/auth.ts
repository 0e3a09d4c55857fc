import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import { clientAddress } from "../lib/client-address";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { GateFullError } from "../lib/hash-gate";
import { verifyPassword } from "../lib/passwords";
import { recordChange } from "../lib/activity";
import { startSession } from "../lib/sessions";
import { readJson, validate } from "../lib/validation";
import { awaitTurn } from "../lib/login-throttle";
import { clearFailures, recordFailure, releaseAttempt } from "../../store/login-failures";
import { deleteToken, findSession } from "../../store/tokens";
import { findUserByUsername } from "../../store/users";

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_LOGIN_MESSAGE = "Invalid username or password";
export const BUSY_MESSAGE = "The server is busy checking other sign-ins. Please try again in a moment.";
const BUSY_RETRY_SECONDS = 5;

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

const busy = () => new ApiError(503, BUSY_MESSAGE, { headers: { "Retry-After": String(BUSY_RETRY_SECONDS) } });

export function authRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.post("/admin/login", jsonLimit, async (c) => {
    const { username, password } = validate(loginSchema, await readJson(c));
    const address = clientAddress(c, deps.trustProxy);

    // Counted before the slow hash, so attempts sent at once cannot all be checked.
    const attempt = await awaitTurn(db, address, deps.now, {
      max: MAX_FAILED_LOGINS,
      windowMs: FAILED_LOGIN_WINDOW_MS,
    });
    if (attempt.outcome === "busy") throw busy();
    if (attempt.outcome === "refused") {
      const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
      throw new ApiError(
        429,
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        { headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
      );
    }

    const user = await findUserByUsername(db, username);
    let passwordOk: boolean;
    try {
      // An unknown user is checked against a dummy hash so both failures take the same time.
      const stored = user?.passwordHash ?? (await deps.dummyPasswordHash());
      passwordOk = await deps.hashGate.run(() => verifyPassword(password, stored));
    } catch (err) {
      if (!(err instanceof GateFullError)) throw err;
      // Never checked, so it does not count against the visitor.
      await releaseAttempt(db, attempt.id);
      throw busy();
    }
    if (!user || !passwordOk) {
      await recordFailure(db, address, attempt.id, deps.now());
      throw new ApiError(401, INVALID_LOGIN_MESSAGE);
    }

    await clearFailures(db, address, attempt.id);
    return c.json(await startSession(deps, c, user));
  });

  // Lets a web app that keeps the token in its own session ask whether it still holds.
  app.get("/admin/session", requireAdmin(deps), async (c) => {
    const session = await findSession(db, c.get("tokenHash"), deps.now());
    if (!session) throw new ApiError(401, "Your session has expired. Please log in again.");
    return c.json(session);
  });

  app.post("/admin/logout", requireAdmin(deps), async (c) => {
    await deleteToken(db, c.get("tokenHash"));
    await recordChange(deps, c, "auth.sign-out");
    return c.json({ ok: true });
  });

  return app;
}
