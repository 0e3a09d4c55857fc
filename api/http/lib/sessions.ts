import type { Context } from "hono";
import { recordActivity } from "../../store/activity";
import { deleteExpiredTokens, insertToken } from "../../store/tokens";
import { updateUser } from "../../store/users";
import type { ApiDeps, ApiEnv } from "./context";
import { generateToken, hashToken, TOKEN_LIFETIME_MS } from "./tokens";

/** The longest User-Agent kept for the sessions list: enough to tell a browser and a device apart. */
const MAX_USER_AGENT = 300;

/**
 * Signs a person in, however they proved who they are (a password, a second factor, a
 * passkey, an invitation or reset link): a new token, its device, the time of the
 * sign-in, and a line in the record. Answers as `POST /api/admin/login` does.
 */
export async function startSession(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  user: { id: number; name: string; username: string },
  how: string = "password",
): Promise<{ token: string; expiresAt: string }> {
  const { db } = deps.store;
  const now = deps.now();
  await deleteExpiredTokens(db, now);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  const userAgent = c.req.header("user-agent")?.slice(0, MAX_USER_AGENT) ?? null;
  await insertToken(db, hashToken(token), user.id, now, expiresAt, userAgent);
  await updateUser(db, user.id, { lastSignInAt: now });
  await recordActivity(db, {
    at: now,
    user: { id: user.id, name: user.name, username: user.username },
    action: "auth.sign-in",
    target: { type: "sign-in", id: how },
  });
  return { token, expiresAt: expiresAt.toISOString() };
}
