import { Hono } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import { ROLES } from "../../../common/roles";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { deleteLinksOfNonAdministrators } from "../../store/account-links";
import { serializeOn } from "../../store/dialect";
import type { Database } from "../../store/schema";
import { countAdministrators, deleteUser, findUserById, listUsers, updateUser } from "../../store/users";
import { recordChange } from "../lib/activity";
import { makeAccountLink } from "../lib/account-link-urls";
import { requireAdmin, requireRole } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { refuseTakenName, takenAnswer } from "../lib/names";
import { makeLinkAndMail, makerOf, readOptionalJson } from "../lib/account-link-mail";
import { optionalEmail, readJson, requiredText, validate } from "../lib/validation";
import { invitationRoutes } from "./invitations";

export const LAST_ADMINISTRATOR_MESSAGE = "The last Administrator can be neither removed nor made an Editor";
const NOT_FOUND = "Person not found";

const role = z.enum(ROLES, { error: `must be one of: ${ROLES.join(", ")}` });
const idParam = z.object({ id: z.coerce.number().int().positive() });
/** One change at a time: a role, or a name. */
const userChange = z
  .object({ role: role.optional(), name: requiredText(TEXT_LIMITS.shortText).optional() })
  .refine((change) => (change.role === undefined) !== (change.name === undefined), "must be {role} or {name}");
/** docs/product.md, 'The committee': the link may also be e-mailed to an address typed beside it. */
const invitation = z.object({ name: requiredText(TEXT_LIMITS.shortText), role, email: optionalEmail() });
const resetLink = z.object({ email: optionalEmail() });

/**
 * The committee, for Administrators only (docs/product.md, 'The committee'): everyone and their
 * two-factor state, a role or a name changed, someone removed, an invitation or a
 * reset link made. The last Administrator stays one.
 */
export function peopleRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  app.use("/admin/users/*", requireAdmin(deps), requireRole("administrator"));
  app.use("/admin/users", requireAdmin(deps), requireRole("administrator"));
  app.use("/admin/invitations", requireAdmin(deps), requireRole("administrator"));
  app.use("/admin/invitations/*", requireAdmin(deps), requireRole("administrator"));

  const personFrom = async (param: string | undefined) => {
    const { id } = validate(idParam, { id: param });
    const person = await findUserById(db, id);
    if (!person) throw new ApiError(404, NOT_FOUND);
    return person;
  };

  app.get("/admin/users", async (c) => {
    const people = await listUsers(db);
    return c.json(people.map(({ totp, passkeys, ...person }) => ({ ...person, twoFactor: { totp, passkeys } })));
  });

  app.put("/admin/users/:id", jsonLimit, async (c) => {
    const person = await personFrom(c.req.param("id"));
    const change = validate(userChange, await readJson(c));
    if (change.name !== undefined) await refuseTakenName(db, change.name, deps.now(), { exceptUserId: person.id });
    if (change.role !== undefined && change.role !== "administrator" && person.role === "administrator") {
      // Counted and changed in one transaction, so two demotions at once cannot both pass.
      await guardLastAdministrator(deps, (trx) => updateUser(trx, person.id, change));
    } else {
      await updateUser(db, person.id, change).catch((error: unknown) => {
        throw takenAnswer(error);
      });
    }
    await recordChange(deps, c, "user.update", { type: "user", id: person.id, title: person.name });
    return c.json({ ok: true });
  });

  app.delete("/admin/users/:id", async (c) => {
    const person = await personFrom(c.req.param("id"));
    if (person.role === "administrator") await guardLastAdministrator(deps, (trx) => deleteUser(trx, person.id));
    else await deleteUser(db, person.id);
    await recordChange(deps, c, "user.delete", { type: "user", id: person.id, title: person.name });
    return c.json({ ok: true });
  });

  app.post("/admin/invitations", jsonLimit, async (c) => {
    const { name, role, email } = validate(invitation, await readJson(c));
    await refuseTakenName(db, name, deps.now());
    const link = await makeLinkAndMail(
      deps,
      email,
      (trx) => makeAccountLink(trx, c, { kind: "invitation", name, role }, deps.now()),
      (url, expiresAt) => ({ kind: "invitation", name, role, by: makerOf(c), url, expiresAt }),
    );
    await recordChange(deps, c, "user.invite", { type: "invitation", id: role, title: name });
    return c.json(link, 201);
  });

  app.post("/admin/users/:id/reset-link", jsonLimit, async (c) => {
    const person = await personFrom(c.req.param("id"));
    const { email } = validate(resetLink, await readOptionalJson(c));
    const link = await makeLinkAndMail(
      deps,
      email,
      (trx) => makeAccountLink(trx, c, { kind: "reset", userId: person.id }, deps.now()),
      (url, expiresAt) => ({ kind: "reset", name: person.name, by: makerOf(c), url, expiresAt }),
    );
    await recordChange(deps, c, "user.reset-link", { type: "user", id: person.id, title: person.name });
    // Named, so the screen can say whose link it is without reading the committee again.
    return c.json({ ...link, name: person.name }, 201);
  });

  app.route("/", invitationRoutes(deps));
  return app;
}

/**
 * Runs a change that takes an Administrator away, in a transaction that first counts
 * them (serialised across instances): 409 if it would leave none. In the same
 * transaction, the unused invitations and reset links of whoever is no longer an
 * Administrator are deleted: made an Editor, they can no longer make new Administrators
 * through links made before (removed, their links went with them).
 */
async function guardLastAdministrator(deps: ApiDeps, change: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  await deps.store.db.transaction().execute(async (trx) => {
    await serializeOn(trx, "administrators");
    if ((await countAdministrators(trx)) <= 1) throw new ApiError(409, LAST_ADMINISTRATOR_MESSAGE);
    await change(trx);
    await deleteLinksOfNonAdministrators(trx);
  });
}
