import { createMiddleware } from "hono/factory";
import type { Role } from "../../../common/roles";
import { findTokenUser } from "../../store/tokens";
import type { ApiDeps, ApiEnv } from "./context";
import { ApiError } from "./errors";
import { hashToken } from "./tokens";
import { enforceTwoFactorPolicy } from "./two-factor-policy";

/** The bearer token from an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/**
 * 401 unless the request carries a live, unrevoked token of someone still on the
 * committee: the database is asked on every request, so a removed person or a session
 * signed out elsewhere stops at once, on every instance.
 */
export function requireAdmin(deps: ApiDeps) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw new ApiError(401, "Authentication required", { headers: { "WWW-Authenticate": "Bearer" } });
    const tokenHash = hashToken(token);
    const user = await findTokenUser(deps.store.db, tokenHash, deps.now());
    if (user === null) {
      throw new ApiError(401, "Your session has expired. Please log in again.", {
        headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
      });
    }
    c.set("user", user);
    c.set("userId", user.id);
    c.set("tokenHash", tokenHash);
    await enforceTwoFactorPolicy(deps, c);
    await next();
  });
}

export const ROLE_REQUIRED_MESSAGE = "Only an Administrator can do this";

/** After requireAdmin: 403 unless the signed-in person has the role. */
export function requireRole(role: Role) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (c.get("user").role !== role) throw new ApiError(403, ROLE_REQUIRED_MESSAGE);
    await next();
  });
}
