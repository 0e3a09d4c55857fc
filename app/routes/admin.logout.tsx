import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { destroySession, getSession } from "~/lib/security/session.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Logging out is a POST (a link could be followed by a prefetch or a stray crawler). */
export const loader = screenLoader("/admin");

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  try {
    await admin.send("/api/admin/logout", { method: "POST" });
  } catch {
    // The token is already dead (expired, revoked) or the upstream is away: either
    // way the visitor asked to leave, so the session is cleared regardless.
  }
  const session = await getSession(request);
  return redirect("/admin", { headers: { "Set-Cookie": await destroySession(session) } });
}
