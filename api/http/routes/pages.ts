import { Hono } from "hono";
import { z } from "zod";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import { TEXT_LIMITS } from "../../../common/text-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { optionalEmail, pageText, readJson, validate } from "../lib/validation";
import { readTexts, WHAT_WE_DO_KEYS, WHO_WE_ARE_KEYS, writeTexts } from "../../store/site-texts";

// A field left out of a PUT keeps its stored value; a field sent as '' clears it.
const whoWeAreSchema = z.object({
  aboutUs: pageText(TEXT_LIMITS.pageText).optional(),
  whoAreWe: pageText(TEXT_LIMITS.pageText).optional(),
  contactEmail: optionalEmail().optional(),
});

const whatWeDoSchema = z.object({
  mission: pageText(TEXT_LIMITS.pageText).optional(),
  activities: pageText(TEXT_LIMITS.pageText).optional(),
  impact: pageText(TEXT_LIMITS.pageText).optional(),
});

function provided(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

export function pageRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
  const app = new Hono<ApiEnv>();

  app.get("/who-we-are", async (c) => c.json(await readTexts(db, "whoWeAre", WHO_WE_ARE_KEYS)));

  app.put("/admin/who-we-are", admin, jsonLimit, async (c) => {
    const input = validate(whoWeAreSchema, await readJson(c));
    await writeTexts(db, "whoWeAre", provided(input), deps.now());
    await recordChange(deps, c, "page.update", { type: "page", id: "whoWeAre", title: "Who We Are" });
    return c.json(await readTexts(db, "whoWeAre", WHO_WE_ARE_KEYS));
  });

  app.get("/what-we-do", async (c) => c.json(await readTexts(db, "whatWeDo", WHAT_WE_DO_KEYS)));

  app.put("/admin/what-we-do", admin, jsonLimit, async (c) => {
    const input = validate(whatWeDoSchema, await readJson(c));
    await writeTexts(db, "whatWeDo", provided(input), deps.now());
    await recordChange(deps, c, "page.update", { type: "page", id: "whatWeDo", title: "What We Do" });
    return c.json(await readTexts(db, "whatWeDo", WHAT_WE_DO_KEYS));
  });

  return app;
}
