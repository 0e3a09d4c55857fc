import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { countPasskeys } from "../../store/passkeys";
import { countRecoveryCodesLeft, readCodeLock } from "../../store/two-factor";
import { deleteToken, deleteUserTokens, findUserSession, listUserSessions } from "../../store/tokens";
import { findUserById, setPasswordHash, updateUser } from "../../store/users";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { deviceName } from "../lib/devices";
import { ApiError } from "../lib/errors";
import { refuseTakenName, takenAnswer } from "../lib/names";
import { checkNewPassword, newPasswordText } from "../lib/password-policy";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { readJson, requiredText, validate } from "../lib/validation";

export const WRONG_CURRENT_PASSWORD = "currentPassword: is not your current password";

const nameChange = z.object({ name: requiredText(TEXT_LIMITS.shortText) });
const passwordChange = z.object({
  currentPassword: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(1024, "must be at most 1024 characters"),
  newPassword: newPasswordText,
});
/** A session is named by the start of its token's hash: enough to pick it out, nothing to sign in with. */
const SESSION_ID_LENGTH = 16;
const sessionParam = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, "must be a session id") });

/** Everyone's own account (docs/product.md, 'The committee'): who am I, my name, my password, my sessions. */
export function accountRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  app.use("/admin/me", requireAdmin(deps));
  app.use("/admin/me/*", requireAdmin(deps));

  app.get("/admin/me", async (c) => {
    const { id, username, name, role } = c.get("user");
    const person = await findUserById(db, id);
    const [passkeys, recoveryCodesLeft, lockedUntil] = await Promise.all([
      countPasskeys(db, id),
      countRecoveryCodesLeft(db, id),
      readCodeLock(db, id, deps.now()),
    ]);
    return c.json({
      id,
      username,
      name,
      role,
      twoFactor: { totp: Boolean(person?.totpSecret), passkeys, recoveryCodesLeft, lockedUntil },
    });
  });

  app.put("/admin/me", jsonLimit, async (c) => {
    const { name } = validate(nameChange, await readJson(c));
    const { id } = c.get("user");
    await refuseTakenName(db, name, deps.now(), { exceptUserId: id });
    await updateUser(db, id, { name }).catch((error: unknown) => {
      throw takenAnswer(error);
    });
    await recordChange(deps, c, "account.update", { type: "user", id, title: name });
    return c.json({ ok: true });
  });

  // Asks the current password, so a session left open on a shared computer cannot take the account over.
  app.put("/admin/me/password", jsonLimit, async (c) => {
    const { currentPassword, newPassword } = validate(passwordChange, await readJson(c));
    const { id, username } = c.get("user");
    const person = await findUserById(db, id);
    if (!person) throw new ApiError(401, "Your session has expired. Please log in again.");
    const matches = await deps.hashGate.run(() => verifyPassword(currentPassword, person.passwordHash));
    if (!matches) {
      throw new ApiError(400, WRONG_CURRENT_PASSWORD, { field: "currentPassword", problem: { code: "invalid" } });
    }
    await checkNewPassword(newPassword, username, "newPassword");
    await setPasswordHash(db, id, await deps.hashGate.run(() => hashPassword(newPassword, deps.passwordCost)));
    await deleteUserTokens(db, id, c.get("tokenHash"));
    await recordChange(deps, c, "account.password", { type: "user", id, title: person.name });
    return c.json({ ok: true });
  });

  app.get("/admin/me/sessions", async (c) => {
    const sessions = await listUserSessions(db, c.get("user").id, deps.now());
    const current = c.get("tokenHash");
    return c.json(
      sessions.map((session) => ({
        id: session.tokenHash.slice(0, SESSION_ID_LENGTH),
        device: deviceName(session.userAgent),
        userAgent: session.userAgent,
        signedInAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        expiresAt: session.expiresAt,
        current: session.tokenHash === current,
      })),
    );
  });

  app.delete("/admin/me/sessions/:id", async (c) => {
    const { id } = validate(sessionParam, { id: c.req.param("id") });
    const user = c.get("user");
    const session = await findUserSession(db, user.id, id, deps.now());
    if (!session) throw new ApiError(404, "Session not found");
    await deleteToken(db, session.tokenHash);
    await recordChange(deps, c, "session.revoke", { type: "session", id, title: deviceName(session.userAgent) });
    return c.json({ ok: true });
  });

  return app;
}
