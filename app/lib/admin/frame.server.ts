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
  return (await sessionReadingOf(request, context)).person?.frame ?? null;
}

/** Who the session's token belongs to, as the /api said during this request. */
export interface SignedIn {
  frame: AdminFrame;
  username: string;
}

/**
 * What asking the /api who is signed in gave during this request: the person, or the
 * /api's refusal (its 401 for a token it no longer accepts, or any other error status),
 * which admin/client.server.ts turns into signing out without asking again. Neither: no
 * token, or an upstream that cannot say (no session call, an answer that does not parse).
 */
export interface SessionReading {
  person: SignedIn | null;
  refusal: UpstreamError | null;
}

/**
 * The session's reading, asked of the /api once per request: the admin layout, a page's
 * own loader (the dashboard's 'Signed in as') and the page's client (admin/client.server.ts,
 * whose token check this answer stands for) all ask during one request, which Remix
 * gives one context.
 */
export function sessionReadingOf(request: Request, context: AppLoadContext): Promise<SessionReading> {
  let reading = readingsOfRequests.get(context);
  if (!reading) {
    reading = readSession(request, context);
    readingsOfRequests.set(context, reading);
  }
  return reading;
}

const readingsOfRequests = new WeakMap<AppLoadContext, Promise<SessionReading>>();

const NOBODY: SessionReading = { person: null, refusal: null };

/** The /api's error status other than 404 (which says the call does not exist). */
function refusalOf(error: unknown): UpstreamError | null {
  return error instanceof UpstreamError && error.status !== 404 ? error : null;
}

async function readSession(request: Request, context: AppLoadContext): Promise<SessionReading> {
  const token = (await getSession(request)).get("token");
  if (!token) return NOBODY;
  try {
    const { username, name, role } = sessionResponseSchema.parse(
      await (await upstreamFetch(context, "/api/admin/session", { token })).json(),
    );
    return { person: { frame: { name: name?.trim() || username, role: role ?? null }, username }, refusal: null };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 404) return { person: null, refusal: refusalOf(error) };
  }
  // An upstream without the session call may still say who is signed in.
  try {
    const me = meSchema.parse(await (await upstreamFetch(context, "/api/admin/me", { token })).json());
    return {
      person: { frame: { name: me.name.trim() || me.username, role: me.role }, username: me.username },
      refusal: null,
    };
  } catch (error) {
    return { person: null, refusal: refusalOf(error) };
  }
}
