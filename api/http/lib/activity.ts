import type { Context } from "hono";
import { recordActivity, type ActivityTarget } from "../../store/activity";
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
  const { id, name } = c.get("user");
  await recordActivity(deps.store.db, { at: deps.now(), user: { id, name }, action, target });
}
