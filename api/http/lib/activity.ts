import type { Context } from "hono";
import { recordActivity, type ActivityTarget } from "../../store/activity";
import { findUserById } from "../../store/users";
import type { ApiDeps, ApiEnv } from "./context";

/**
 * Records a write by the person signed in (after requireAdmin), e.g.
 * `await recordChange(deps, c, "news.update", { type: "news", id, title })`.
 */
export async function recordChange(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  action: string,
  target?: ActivityTarget | null,
): Promise<void> {
  const { id, name, username } = c.get("user");
  // A person without a name yet (the first administrator) is named by their username.
  await recordActivity(deps.store.db, {
    at: deps.now(),
    user: { id, name: name || username, username },
    action,
    target,
  });
}

/**
 * Records a write made on someone's behalf without their bearer token (the signed PUT
 * of a news image stands for whoever asked for the link).
 */
export async function recordChangeOf(
  deps: ApiDeps,
  userId: number,
  action: string,
  target?: ActivityTarget | null,
): Promise<void> {
  const user = await findUserById(deps.store.db, userId);
  await recordActivity(deps.store.db, {
    at: deps.now(),
    user: user ? { id: user.id, name: user.name, username: user.username } : null,
    action,
    target,
  });
}
