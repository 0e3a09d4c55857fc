import { json, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { ownOrigins } from "../security/origin.server";
import { isCrossSiteRequest } from "../security/headers.server";
import { requireToken, signOutRedirect } from "../security/session.server";
import { sessionReadingOf } from "./frame.server";
import { twoFactorRequiredRedirect } from "./account/two-factor-required.server";
import { upstreamFetch, UpstreamError, type UpstreamRequest, type UpstreamSender } from "../upstream/client.server";

/**
 * The signed-in administrator's way to the /api: every admin loader and action starts
 * with `const admin = await adminUpstream(request, context)`. It reads the session once,
 * adds the bearer token to each call, and turns the upstream's 401 (logged out
 * elsewhere, a new password, expired) into signing the visitor out, and its 403
 * two-factor-required into the way to the set-up screen.
 */
export interface AdminUpstream extends UpstreamSender {
  /** Null against an upstream that cannot say who the token belongs to. */
  username: string | null;
  getJson<T>(path: string, schema: z.ZodType<T>): Promise<T>;
}

/**
 * The guard and client in one. A cross-site POST is refused; a signed-out visitor goes
 * to /admin, and so does one whose token the upstream no longer accepts: holding a
 * cookie is not enough, so the token is checked before the page does anything. The admin
 * header asks the /api who the token belongs to during the same request; that answer,
 * a refusal included, is the check, and the /api is not asked twice.
 */
export async function adminUpstream(request: Request, context: AppLoadContext): Promise<AdminUpstream> {
  const upstream = await adminCaller(request, context);
  const { person, refusal } = await sessionReadingOf(request, context);
  if (person) return { ...upstream, username: person.username };
  if (refusal) throw await turnedAway(request, refusal);
  // An upstream that cannot say who is signed in: its first admin call judges the token instead.
  return upstream;
}

/**
 * The client without the session read first, for the routes the browser calls once per
 * file (docs/product.md, 'Many photos at once'): each makes one /api call, which judges
 * the token itself, and its 401 signs out as the check would. So a photo added with
 * JavaScript costs two /api calls, not four. Its username is null.
 */
export async function adminCaller(request: Request, context: AppLoadContext): Promise<AdminUpstream> {
  if (isCrossSiteRequest(request, ownOrigins(request))) {
    throw json({ message: "Cross-site request refused" }, { status: 403 });
  }
  const token = await requireToken(request);

  async function send(path: string, init: Omit<UpstreamRequest, "token"> = {}): Promise<Response> {
    try {
      return await upstreamFetch(context, path, { ...init, token });
    } catch (error) {
      throw await turnedAway(request, error);
    }
  }

  return {
    username: null,
    send,
    async getJson(path, schema) {
      return schema.parse(await (await send(path)).json());
    },
  };
}

/**
 * What a page answers when the /api turns its call down: its 401 signs the visitor out,
 * its 403 two-factor-required leads to the set-up screen; anything else is the error itself.
 */
async function turnedAway(request: Request, error: unknown): Promise<unknown> {
  if (error instanceof UpstreamError && error.status === 401) return signOutRedirect(request);
  return (await twoFactorRequiredRedirect(request, error)) ?? error;
}
