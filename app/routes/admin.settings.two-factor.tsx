import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { describeProblem } from "~/lib/admin/messages";
import { readFormBody } from "~/lib/form-body.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { UpstreamError } from "~/lib/upstream.server";

/** Where the setting's form sits; the answer goes back there either way. */
const COMMITTEE_PATH = "/admin/committee";

/** Nothing to show here: the form lives on the committee screen. */
export function loader() {
  return redirect(COMMITTEE_PATH);
}

/** RequireTwoFactorForm's action: PUT /api/admin/settings (an Administrator's; an Editor is refused). */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { fields } = await readFormBody(request);
  const requireTwoFactor = fields.requireTwoFactor === "1";
  try {
    await admin.send("/api/admin/settings", { method: "PUT", json: { requireTwoFactor } });
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = describeProblem(error instanceof UpstreamError ? error : undefined, {});
    return redirectWithNotice(request, COMMITTEE_PATH, {
      kind: "error",
      title: "Could not change the setting",
      description: problem.text,
    });
  }
  return redirectWithNotice(request, COMMITTEE_PATH, {
    kind: "success",
    title: requireTwoFactor ? "Two-factor sign-in is now required" : "Two-factor sign-in is now optional",
  });
}
