import { z } from "zod";
import { ROLES } from "../../../../common/roles";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { runMutation } from "../forms/mutation.server";

/**
 * The invitations still waiting to be used (docs/product.md, 'The committee'): what the
 * /api keeps of them (never the link itself, which was shown once and is stored hashed),
 * so the committee screen can list them and withdraw one.
 */
export const pendingInvitationsSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: z.string(),
    expiresAt: z.string(),
    createdBy: z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable(),
  }),
);
export type PendingInvitation = z.infer<typeof pendingInvitationsSchema>[number];

/** The /api's public id of an invitation: the first 16 hex digits of its token's hash. */
const INVITATION_ID = /^[0-9a-f]{16}$/;

/** The pending invitations, or none from an upstream that cannot list them (404). */
export async function readPendingInvitations(admin: AdminUpstream): Promise<PendingInvitation[]> {
  try {
    return await admin.getJson("/api/admin/invitations", pendingInvitationsSchema);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return [];
    throw error;
  }
}

/** The `?revoke={id}` of the screen's address, when it names an invitation's id. */
export function revokingOf(request: Request): string | null {
  const id = new URL(request.url).searchParams.get("revoke") ?? "";
  return INVITATION_ID.test(id) ? id : null;
}

/** 'Revoke' confirmed: the invitation is withdrawn, its link stops working, back to the list. */
export function revokeInvitation(request: Request, admin: AdminUpstream, fields: Record<string, string>) {
  const id = INVITATION_ID.test(fields.invitation ?? "") ? fields.invitation : "0000000000000000";
  return runMutation(request, {
    labels: {},
    redirectTo: "/admin/committee",
    call: () => admin.send(`/api/admin/invitations/${id}`, { method: "DELETE" }),
    success: { kind: "success", title: "Invitation revoked", description: "Its link no longer works." },
    failure: (error) => ({ kind: "error", title: "Failed to revoke the invitation", description: error }),
  });
}
