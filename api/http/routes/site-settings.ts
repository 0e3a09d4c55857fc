import { Hono } from "hono";
import { z } from "zod";
import { readRequireTwoFactor, writeRequireTwoFactor } from "../../store/site-settings";
import { recordChange } from "../lib/activity";
import { requireAdmin, requireRole } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { readJson, validate } from "../lib/validation";
import { hasTotp } from "../../store/two-factor";

const settingsSchema = z.object({ requireTwoFactor: z.boolean({ error: "must be true or false" }) });

/**
 * `GET/PUT /api/admin/settings` `{requireTwoFactor}`: the site's settings. Anyone
 * signed in may read them (the app says why a write was refused); only an
 * Administrator changes them.
 */
export function siteSettingsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/admin/settings", requireAdmin(deps), async (c) => {
    return c.json({ requireTwoFactor: await readRequireTwoFactor(db) });
  });

  app.put("/admin/settings", requireAdmin(deps), requireRole("administrator"), jsonLimit, async (c) => {
    const { requireTwoFactor } = validate(settingsSchema, await readJson(c));
    // Whoever makes it compulsory has it already, so nobody turns it on without knowing the way.
    if (requireTwoFactor && !(await hasTotp(db, c.get("user").id))) {
      throw new ApiError(409, "Set up two-factor sign-in on your own account first.");
    }
    await writeRequireTwoFactor(db, requireTwoFactor);
    await recordChange(deps, c, "settings.update", {
      type: "setting",
      id: "requireTwoFactor",
      title: requireTwoFactor ? "Two-factor sign-in required" : "Two-factor sign-in optional",
    });
    return c.json({ requireTwoFactor });
  });

  return app;
}
