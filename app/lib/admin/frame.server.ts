import type { AppLoadContext } from "@remix-run/node";
import type { Role } from "../../../common/roles";
import { getSession } from "../security/session.server";
import { upstreamFetch, UpstreamError } from "../upstream/client.server";
import { meSchema, sessionResponseSchema } from "../upstream/answers.server";

/**
 * What the admin header shows (docs/product.md, 'The committee'): the signed-in person's
 * name (their username when they have none) and their role, which decides whether
 * Committee is offered. Null when nobody is signed in: the login and join screens keep
 * the public header.
 */
export interface AdminFrame {
  name: string;
  /** Null against an upstream that knows no committee: then only the content links show. */
  role: Role | null;
}

/**
 * Reads the person behind the session's token. A refused token gives no frame: the
 * page's own loader signs the visitor out (admin/client.server.ts), so the header never
 * decides that. Any other upstream failure is the page's to report, not the header's.
 */
export async function adminFrameOf(request: Request, context: AppLoadContext): Promise<AdminFrame | null> {
  return (await signedInOf(request, context))?.frame ?? null;
}

/** Who the session's token belongs to, as the /api said during this request. */
export interface SignedIn {
  frame: AdminFrame;
  username: string;
}

/**
 * The person behind the session's token, asked of the /api once per request: the admin
 * layout, a page's own loader (the dashboard's 'Signed in as') and the page's client
 * (admin/client.server.ts, whose token check this answer stands for) all ask during one
 * request, which Remix gives one context. Null: no token, or the /api refused it.
 */
export function signedInOf(request: Request, context: AppLoadContext): Promise<SignedIn | null> {
  let person = peopleOfRequests.get(context);
  if (!person) {
    person = readSignedIn(request, context);
    peopleOfRequests.set(context, person);
  }
  return person;
}

const peopleOfRequests = new WeakMap<AppLoadContext, Promise<SignedIn | null>>();

async function readSignedIn(request: Request, context: AppLoadContext): Promise<SignedIn | null> {
  const token = (await getSession(request)).get("token");
  if (!token) return null;
  try {
    const { username, name, role } = sessionResponseSchema.parse(
      await (await upstreamFetch(context, "/api/admin/session", { token })).json(),
    );
    return { frame: { name: name?.trim() || username, role: role ?? null }, username };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 404) return null;
  }
  // An upstream without the session call may still say who is signed in.
  try {
    const me = meSchema.parse(await (await upstreamFetch(context, "/api/admin/me", { token })).json());
    return { frame: { name: me.name.trim() || me.username, role: me.role }, username: me.username };
  } catch {
    return null;
  }
}
