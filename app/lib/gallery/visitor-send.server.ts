import type { AppLoadContext } from "@remix-run/node";
import { galleryCookiesOf } from "../../../common/gallery-cookie";
import { upstreamFetch } from "~/lib/upstream/client.server";
import type { Send } from "~/lib/upstream/lists.server";

/**
 * Parents-only albums (docs/product.md, 'Photos'): the gallery as this visitor may see it. A
 * visitor who entered the gallery passphrase has its cookie, which these reads pass on
 * to the /api. Only the pages the visitor reads use it; what is shared beyond them
 * (sitemaps, feeds, link previews) reads with publicSend and so shows public images only.
 */
export function visitorSend(request: Request, context: AppLoadContext): Send {
  const cookie = galleryCookiesOf(request.headers.get("Cookie"));
  return (path) => upstreamFetch(context, path, cookie ? { cookie } : {});
}

/** Whether the visitor carries the gallery passphrase's cookie (a page made with it is theirs alone). */
export function carriesGalleryCookie(request: Request): boolean {
  return galleryCookiesOf(request.headers.get("Cookie")) !== "";
}
