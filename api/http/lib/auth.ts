import { createMiddleware } from "hono/factory";
import { findTokenUser } from "../../store/tokens";
import type { ApiDeps, ApiEnv } from "./context";
import { ApiError } from "./errors";
import { hashToken } from "./tokens";

/** The bearer token from an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/** 401 unless the request carries a live, unrevoked admin token. */
export function requireAdmin(deps: ApiDeps) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw new ApiError(401, "Authentication required", { headers: { "WWW-Authenticate": "Bearer" } });
    const tokenHash = hashToken(token);
    const userId = await findTokenUser(deps.store.db, tokenHash, deps.now());
    if (userId === null) {
      throw new ApiError(401, "Your session has expired. Please log in again.", {
        headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
      });
    }
    c.set("userId", userId);
    c.set("tokenHash", tokenHash);
    await next();
  });
}
