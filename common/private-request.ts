import { galleryCookiesOf } from "./gallery-cookie";
import { isAdminPath, isApiAdminPath, isPrivateLinkCall } from "./paths";

/**
 * Whether a request may see what is not everybody's, so that no cache (the page cache,
 * a proxy, a browser's shared one) may keep the answer: the admin area and the /api's
 * admin calls, the /api's calls reached by a private link's token, anything asked with
 * a bearer token, and what is read with the gallery
 * passphrase's cookie (docs/product.md, 'Parents-only albums'). The one decision: the
 * /api's no-store rule, the server's and the app's, and the page cache all ask it.
 */
export function isPrivateRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return (
    isAdminPath(pathname) ||
    isApiAdminPath(pathname) ||
    isPrivateLinkCall(pathname) ||
    request.headers.has("authorization") ||
    galleryCookiesOf(request.headers.get("cookie")) !== ""
  );
}
