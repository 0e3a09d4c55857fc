import type { Context } from "hono";
import { isParentsOnlyImage } from "../../store/gallery-visibility";
import type { ApiDeps, ApiEnv } from "./context";
import { ApiError } from "./errors";
import { galleryViewer } from "./gallery-access";

const PUBLIC_IMAGE = "public, max-age=31536000, immutable";
/** Kept by the visitor's browser alone, and not for long: access can end with a new passphrase. */
const PRIVATE_IMAGE = "private, max-age=3600";

/**
 * How a stored image may be cached, or 404 when the caller may not see it: an image in
 * a parents-only album is there only with the gallery cookie or a committee token
 * (server.ts turns an administrator's session cookie into that token for /objects), so
 * its address alone gives nothing away.
 */
export async function objectCacheControl(deps: ApiDeps, c: Context<ApiEnv>, imageId: string): Promise<string> {
  if (!(await isParentsOnlyImage(deps.store.db, imageId))) return PUBLIC_IMAGE;
  if (!(await galleryViewer(deps, c)).parents) {
    // Not kept either, so the file shows as soon as the visitor has the passphrase.
    throw new ApiError(404, "Image not found", { headers: { "Cache-Control": "no-store" } });
  }
  return PRIVATE_IMAGE;
}
