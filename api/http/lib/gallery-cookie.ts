import type { Context } from "hono";
import { galleryCookieName, galleryCookieValue } from "../../../common/gallery-cookie";
import { readGalleryPassphrase } from "../../store/site-settings";
import type { ApiDeps, ApiEnv } from "./context";
import { checkExpiring, signExpiring } from "./expiring-signatures";

/** A visitor who entered the gallery passphrase sees the parents-only albums for 30 days. */
export const GALLERY_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The cookie holds its expiry and the passphrase's version, signed (expiring-signatures.ts). */
const subjectOf = (version: string) => `gallery:${version}`;

export function isSecureSite(deps: ApiDeps): boolean {
  return deps.siteOrigin.startsWith("https:");
}

/** The Set-Cookie value for a visitor who has just entered the passphrase of `version`. */
export function galleryCookieHeader(deps: ApiDeps, version: string): string {
  const expires = Math.floor(deps.now().getTime() / 1000) + GALLERY_COOKIE_MAX_AGE_SECONDS;
  const value = `${expires}.${version}.${signExpiring(deps.signingSecret, subjectOf(version), expires)}`;
  const secure = isSecureSite(deps);
  const attributes = [`Max-Age=${GALLERY_COOKIE_MAX_AGE_SECONDS}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${galleryCookieName(secure)}=${value}`, ...attributes].join("; ");
}

/**
 * Whether the request carries a gallery cookie that is signed by us, not expired, and
 * given under the passphrase set now: a new passphrase (or none) ends every older one.
 */
export async function hasGalleryCookie(deps: ApiDeps, c: Context<ApiEnv>): Promise<boolean> {
  const value = galleryCookieValue(c.req.header("cookie"), isSecureSite(deps));
  const parts = value?.split(".") ?? [];
  if (parts.length !== 3) return false;
  const [expires, version, signature] = parts;
  const subject = subjectOf(version);
  if (checkExpiring(deps.signingSecret, subject, expires, signature, deps.now()) !== "ok") return false;
  return (await readGalleryPassphrase(deps.store.db))?.version === version;
}
