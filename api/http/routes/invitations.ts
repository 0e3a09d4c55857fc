import { Hono } from "hono";
import { z } from "zod";
import { LINK_ID_PATTERN, listPendingInvitations, revokeInvitation } from "../../store/account-links";
import { recordChange } from "../lib/activity";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validation";

/** More pending invitations than any committee makes; the list stops here. */
export const MAX_PENDING_INVITATIONS = 100;
export const INVITATION_NOT_FOUND = "Invitation not found";

const invitationParam = z.object({ id: z.string().regex(LINK_ID_PATTERN, "must be an invitation id") });

/**
 * The invitations still waiting to be used (docs/product.md, 'The committee'): listed,
 * and withdrawn one at a time. Mounted by peopleRoutes, whose middleware lets only
 * Administrators through `/admin/invitations` and below. Each is named by its public
 * id, never by its token or the token's hash.
 */
export function invitationRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/admin/invitations", async (c) =>
    c.json(await listPendingInvitations(db, deps.now(), MAX_PENDING_INVITATIONS)),
  );

  app.delete("/admin/invitations/:id", async (c) => {
    const { id } = validate(invitationParam, { id: c.req.param("id") });
    const name = await revokeInvitation(db, id, deps.now());
    if (name === null) throw new ApiError(404, INVITATION_NOT_FOUND);
    await recordChange(deps, c, "user.invite-revoke", { type: "invitation", id, title: name });
    return c.json({ ok: true });
  });

  return app;
}
