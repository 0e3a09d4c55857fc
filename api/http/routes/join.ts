import { Hono } from "hono";
import { z } from "zod";
import { USERNAME_PATTERN, USERNAME_RULE } from "../../../common/password-rules";
import { claimLink, findLiveLink, type AccountLink } from "../../store/account-links";
import { recordActivity } from "../../store/activity";
import { deleteUserTokens } from "../../store/tokens";
import { createUser, setPasswordHash } from "../../store/users";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { checkNewPassword, newPasswordText } from "../lib/password-policy";
import { refuseTakenName, refuseTakenUsername, takenAnswer } from "../lib/names";
import { hashPassword } from "../lib/passwords";
import { startSession } from "../lib/sessions";
import { hashToken } from "../lib/tokens";
import { readJson, validate } from "../lib/validation";

/** Whatever is wrong with a link (unknown, used, expired), the answer is the same. */
export const DEAD_LINK_MESSAGE = "This link is not valid. It may have been used already, or it may have expired.";

const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "must be a link's token") });
const username = z
  .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
  .trim()
  .regex(USERNAME_PATTERN, USERNAME_RULE);
const joinBody = z.object({ username: username.optional(), password: newPasswordText });

/**
 * The other end of an invitation or a reset link (docs/product.md, 'The committee'), with no bearer
 * token: the link is the proof. GET tells the screen what the link is for; POST uses it
 * once, sets the password (and, for an invitation, makes the person) and signs them in.
 */
export function joinRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  const liveLink = async (param: string | undefined): Promise<{ link: AccountLink; tokenHash: string }> => {
    const parsed = tokenParam.safeParse({ token: param });
    if (!parsed.success) throw new ApiError(404, DEAD_LINK_MESSAGE);
    const tokenHash = hashToken(parsed.data.token);
    const link = await findLiveLink(db, tokenHash, deps.now());
    if (!link) throw new ApiError(404, DEAD_LINK_MESSAGE);
    return { link, tokenHash };
  };

  app.get("/admin/join/:token", async (c) => {
    const { link } = await liveLink(c.req.param("token"));
    return c.json(
      link.kind === "invitation"
        ? { kind: link.kind, name: link.name, role: link.role }
        : { kind: link.kind, name: link.name, username: link.username },
    );
  });

  app.post("/admin/join/:token", jsonLimit, async (c) => {
    const { link, tokenHash } = await liveLink(c.req.param("token"));
    const body = validate(joinBody, await readJson(c));
    const chosen = link.kind === "invitation" ? body.username : link.username;
    if (!chosen) throw new ApiError(400, "username: is required", { field: "username", problem: { code: "required" } });
    if (link.kind === "invitation") {
      await refuseTakenUsername(db, chosen);
      // Taken since the invitation was made (it held the name only against other invitations and renames).
      await refuseTakenName(db, link.name, deps.now(), { invitations: false });
    }
    await checkNewPassword(body.password, chosen);
    const passwordHash = await deps.hashGate.run(() => hashPassword(body.password, deps.passwordCost));
    const now = deps.now();
    // The claim and its change are one transaction: of two uses of a link at once, one
    // claims it; of two joins taking one username at once, the unique index refuses the
    // second, its claim is rolled back with it and its link still works.
    const person = await db
      .transaction()
      .execute(async (trx) => {
        if (!(await claimLink(trx, tokenHash, now))) throw new ApiError(404, DEAD_LINK_MESSAGE);
        if (link.kind === "invitation") {
          const id = await createUser(trx, chosen, passwordHash, now, { name: link.name, role: link.role });
          const joined = { id, name: link.name, username: chosen };
          await recordActivity(trx, {
            at: now,
            user: joined,
            action: "user.join",
            target: { type: "user", id, title: link.name },
          });
          return joined;
        }
        await setPasswordHash(trx, link.userId, passwordHash);
        await deleteUserTokens(trx, link.userId);
        const reset = { id: link.userId, name: link.name, username: link.username };
        await recordActivity(trx, {
          at: now,
          user: reset,
          action: "account.reset",
          target: { type: "user", id: link.userId, title: link.name },
        });
        return reset;
      })
      .catch((error: unknown) => {
        throw takenAnswer(error);
      });
    return c.json(await startSession(deps, c, person, link.kind), 201);
  });

  return app;
}
