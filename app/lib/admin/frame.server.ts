import type { AppLoadContext } from "@remix-run/node";
import type { Role } from "../../../common/roles";
import { getSession } from "../security/session.server";
import { sessionResponseSchema } from "../upstream/answers.server";
import { upstreamFetch, UpstreamError } from "../upstream/client.server";
import { meSchema } from "./committee/committee.server";

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
export function adminFrameOf(request: Request, context: AppLoadContext): Promise<AdminFrame | null> {
  // The admin layout and a page's own loader (the dashboard's 'Signed in as') both ask
  // during one request, which Remix gives one context: the /api is asked once.
  let frame = framesOfRequests.get(context);
  if (!frame) {
    frame = readFrame(request, context);
    framesOfRequests.set(context, frame);
  }
  return frame;
}

const framesOfRequests = new WeakMap<AppLoadContext, Promise<AdminFrame | null>>();

async function readFrame(request: Request, context: AppLoadContext): Promise<AdminFrame | null> {
  const token = (await getSession(request)).get("token");
  if (!token) return null;
  try {
    const me = meSchema.parse(await (await upstreamFetch(context, "/api/admin/me", { token })).json());
    return { name: me.name.trim() || me.username, role: me.role };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 404) return null;
  }
  // An upstream without people still says whose token it is.
  try {
    const session = sessionResponseSchema.parse(
      await (await upstreamFetch(context, "/api/admin/session", { token })).json(),
    );
    return { name: session.username, role: null };
  } catch {
    return null;
  }
}
