import { json } from "@remix-run/node";
import { isRole } from "../../../../common/roles";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { accountLinkSchema, linkOnSite, whoAmI } from "./committee.server";
import { describeProblem } from "../forms/messages";
import { formFailure, runMutation, replyWith } from "../forms/mutation.server";

/** The reset form's address has a name of its own, so a problem with it shows there and not in the invitation form. */
const LABELS = { name: "Their name", role: "Role", email: "E-mail it to", resetEmail: "E-mail it to" };

/** The committee screen is an Administrator's: anyone else gets a 403 page, as the /api gives them. */
export async function requireAdministrator(admin: AdminUpstream): Promise<void> {
  const me = await whoAmI(admin);
  if (me?.role !== "administrator") {
    throw json({ message: "Only an Administrator can do this" }, { status: 403 });
  }
}

function personId(fields: Record<string, string>): string {
  return /^\d{1,12}$/.test(fields.person ?? "") ? fields.person : "0";
}

/** A role changed, or someone removed: a notice, and back to the list. */
export function runPersonChange(
  request: Request,
  admin: AdminUpstream,
  intent: "role" | "remove",
  fields: Record<string, string>,
) {
  const path = `/api/admin/users/${personId(fields)}`;
  if (intent === "role") {
    return runMutation(request, {
      labels: LABELS,
      redirectTo: "/admin/committee",
      call: () => admin.send(path, { method: "PUT", json: { role: isRole(fields.role) ? fields.role : "" } }),
      success: { kind: "success", title: "Role changed", description: "The new role applies from their next click." },
      failure: (error) => ({ kind: "error", title: "Failed to change the role", description: error }),
    });
  }
  return runMutation(request, {
    labels: LABELS,
    redirectTo: "/admin/committee",
    call: () => admin.send(path, { method: "DELETE" }),
    success: { kind: "success", title: "Removed", description: "They are signed out and can no longer sign in." },
    failure: (error) => ({ kind: "error", title: "Failed to remove", description: error }),
  });
}

/** An invitation or a reset link, made and shown once on the page (never put in a redirect or the session). */
export async function makeLink(
  request: Request,
  admin: AdminUpstream,
  intent: "invite" | "reset-link",
  fields: Record<string, string>,
) {
  const invitation = intent === "invite";
  // docs/product.md, 'The committee': an address typed beside the link has it e-mailed too; none, the call as before.
  const email = ((invitation ? fields.email : fields.resetEmail) ?? "").trim();
  const values: Record<string, string> = invitation
    ? { name: fields.name ?? "", role: fields.role ?? "", email: fields.email ?? "" }
    : { person: fields.person ?? "", resetEmail: fields.resetEmail ?? "" };
  try {
    const response = invitation
      ? await admin.send("/api/admin/invitations", {
          method: "POST",
          json: { name: values.name, role: values.role, ...(email && { email }) },
        })
      : await admin.send(
          `/api/admin/users/${personId(fields)}/reset-link`,
          email ? { method: "POST", json: { email } } : { method: "POST" },
        );
    const link = accountLinkSchema.parse(await response.json());
    const name = invitation ? (fields.name ?? "").trim() : (link.name ?? "them");
    return json({
      link: {
        kind: invitation ? "invitation" : "reset",
        name,
        url: linkOnSite(request, link.path),
        expiresAt: link.expiresAt,
        ...(link.email && { emailedTo: link.email.to, emailSetUp: link.email.setUp }),
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = describeProblem(error instanceof UpstreamError ? error : undefined, LABELS);
    const field = !invitation && problem.field === "email" ? "resetEmail" : problem.field;
    const title = invitation ? "Failed to make the invitation" : "Failed to make the reset link";
    return formFailure(
      { kind: "error", title, description: problem.text },
      replyWith(values, field ? { [field]: problem.text } : {}),
    );
  }
}
