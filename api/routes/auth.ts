import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../lib/auth';
import { jsonLimit } from '../lib/body-limits';
import { clientAddress } from '../lib/client-address';
import type { ApiDeps, ApiEnv } from '../lib/context';
import { ApiError } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { generateToken, hashToken, TOKEN_LIFETIME_MS } from '../lib/tokens';
import { readJson, validate } from '../lib/validation';
import { clearFailures, recentFailures, recordFailure } from '../store/login-failures';
import { deleteExpiredTokens, deleteToken, insertToken } from '../store/tokens';
import { findUserByUsername } from '../store/users';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';

const loginSchema = z.object({
  username: z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters'),
  password: z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be text') })
    .min(1, 'is required')
    .max(1024, 'must be at most 1024 characters'),
});

export function authRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.post('/admin/login', jsonLimit, async (c) => {
    const address = clientAddress(c, deps.trustProxy);
    const now = deps.now();
    const failures = await recentFailures(db, address, new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS));
    if (failures.length >= MAX_FAILED_LOGINS) {
      // Allowed again once the fifth most recent failure leaves the window.
      const liftsAt = new Date(failures[MAX_FAILED_LOGINS - 1]).getTime() + FAILED_LOGIN_WINDOW_MS;
      const retryAfter = Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
      const minutes = Math.ceil(retryAfter / 60);
      throw new ApiError(
        429,
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { headers: { 'Retry-After': String(retryAfter) } },
      );
    }

    const { username, password } = validate(loginSchema, await readJson(c));
    const user = await findUserByUsername(db, username);
    // An unknown user is checked against a dummy hash so both failures take the same time.
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await deps.dummyPasswordHash()));
    if (!user || !passwordOk) {
      await recordFailure(db, address, now, new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS));
      throw new ApiError(401, INVALID_LOGIN_MESSAGE);
    }

    await clearFailures(db, address);
    await deleteExpiredTokens(db, now);
    const token = generateToken();
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
    await insertToken(db, hashToken(token), user.id, now, expiresAt);
    return c.json({ token, expiresAt: expiresAt.toISOString() });
  });

  app.post('/admin/logout', requireAdmin(deps), async (c) => {
    await deleteToken(db, c.get('tokenHash'));
    return c.json({ ok: true });
  });

  return app;
}
