import type { Context } from "hono";
import type { Kysely } from "kysely";
import { insertAccountLink } from "../../store/account-links";
import type { Database } from "../../store/schema";
import type { Role } from "../../../common/roles";
import type { ApiEnv } from "./context";
import { generateToken, hashToken } from "./tokens";

/** An invitation or a reset link works once, for 7 days (docs/product.md, 'The committee'). */
export const ACCOUNT_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The screen a link opens; the token is its last segment. */
export const JOIN_PATH = "/admin/join/";

/**
 * Makes a one-time link and answers `{url, path, expiresAt}`: the token is in the link
 * only, the store keeps its hash. `url` is on the origin the request came to; an app in
 * front of the /api shows `path` on its own origin. The link is kept with who made it
 * (the Administrator signed in), so it dies with their right to make it.
 */
export async function makeAccountLink(
  db: Kysely<Database>,
  c: Context<ApiEnv>,
  link: { kind: "invitation"; name: string; role: Role } | { kind: "reset"; userId: number },
  now: Date,
): Promise<{ url: string; path: string; expiresAt: string }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_MS);
  await insertAccountLink(db, hashToken(token), link, { now, expiresAt }, c.get("user").id);
  const path = `${JOIN_PATH}${token}`;
  return { url: new URL(path, c.req.url).href, path, expiresAt: expiresAt.toISOString() };
}
