import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/lib/admin.server";
import { destroySession, getSession } from "~/lib/session.server";
import { upstreamFetch } from "~/lib/upstream.server";

/** Logging out is a POST (a link could be followed by a prefetch or a stray crawler). */
export async function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request, context);
  try {
    await upstreamFetch(context, "/api/admin/logout", { method: "POST", token });
  } catch {
    // The token is already dead (expired, revoked) or the upstream is away: either
    // way the visitor asked to leave, so the session is cleared regardless.
  }
  const session = await getSession(request);
  return redirect("/admin", { headers: { "Set-Cookie": await destroySession(session) } });
}
