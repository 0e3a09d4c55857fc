import type { AppLoadContext } from "@remix-run/node";
import { galleryCookiesOf } from "../../../common/gallery-cookie";
import { getSession } from "~/lib/security/session.server";
import { upstreamFetch } from "~/lib/upstream/client.server";
import type { Send } from "~/lib/upstream/lists.server";

/**
 * Parents-only albums (docs/product.md, 'Photos'): the gallery as this visitor may see it. A
 * visitor who entered the gallery passphrase has its cookie, which these reads pass on
 * to the /api; a signed-in committee member's reads carry their token, so they see every
 * album without the passphrase. Only the pages the visitor reads use it; what is shared
 * beyond them (sitemaps, feeds, link previews) reads with publicSend and so shows public images only.
 */
export function visitorSend(request: Request, context: AppLoadContext): Send {
  const cookie = galleryCookiesOf(request.headers.get("Cookie"));
  const token = sessionToken(request);
  return async (path) => upstreamFetch(context, path, { cookie: cookie || undefined, token: await token });
}

/** The signed-in committee member's token, read once a request; undefined for anyone else. */
async function sessionToken(request: Request): Promise<string | undefined> {
  if (!request.headers.has("Cookie")) return undefined;
  return (await getSession(request)).get("token") ?? undefined;
}

/**
 * Whether the visitor may see more than the public gallery: the passphrase's cookie, or
 * a committee member's session (a page made with either is theirs alone).
 */
export async function seesParentsOnly(request: Request): Promise<boolean> {
  return galleryCookiesOf(request.headers.get("Cookie")) !== "" || (await sessionToken(request)) !== undefined;
}
