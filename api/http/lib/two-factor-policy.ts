import type { Context } from "hono";
import { readRequireTwoFactor } from "../../store/site-settings";
import { hasTotp } from "../../store/two-factor";
import type { ApiDeps, ApiEnv } from "./context";
import { ApiError } from "./errors";

export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Two-factor sign-in is required on this site. Set it up on your account before making changes.";

/**
 * What a signed-in person may still change while the site requires two-factor sign-in
 * and they have not set it up: their own account and its second factors, and signing
 * out. Everything else they may read, but not write.
 */
const OPEN_WRITE_PREFIXES = ["/api/admin/logout", "/api/admin/two-factor", "/api/admin/passkeys", "/api/admin/me"];
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function isOpenWhileRequired(method: string, path: string): boolean {
  if (READ_METHODS.has(method)) return true;
  return OPEN_WRITE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Called by requireAdmin once it knows who is signed in: when an Administrator has made
 * two-factor sign-in compulsory (PUT /api/admin/settings), a write by someone without
 * authenticator codes is answered 403 with the code `two-factor-required`, so the app
 * can send them to the set-up screen. Asked of the database on every write, so it
 * holds at once on every instance.
 */
export async function enforceTwoFactorPolicy(deps: ApiDeps, c: Context<ApiEnv>): Promise<void> {
  if (isOpenWhileRequired(c.req.method, c.req.path.toLowerCase())) return;
  const { db } = deps.store;
  if (!(await readRequireTwoFactor(db))) return;
  if (await hasTotp(db, c.get("user").id)) return;
  throw new ApiError(403, TWO_FACTOR_REQUIRED_MESSAGE, { code: "two-factor-required" });
}
