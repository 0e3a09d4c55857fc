import { Hono } from "hono";
import { z } from "zod";
import { coded } from "../../../common/field-problems";
import { TERM_NAME_MAX } from "../../../common/term-time";
import {
  addTermStretch,
  deleteTermStretch,
  listTermStretches,
  updateTermStretch,
  type TermStretchRecord,
} from "../../store/terms";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { localDay, parseId, readJson, requiredText, validate } from "../lib/validation";

/** More stretches than a school's years of terms need; the list stops here (docs/product.md, 'Term dates'). */
export const MAX_TERM_STRETCHES = 200;
export const TERMS_FULL = `At most ${MAX_TERM_STRETCHES} term stretches are kept: remove an old one first`;
const TERM_NOT_FOUND = "Term stretch not found";

/** A school day: YYYY-MM-DD on the calendar, in the years the site holds. */
const day = localDay();

const stretchBody = z
  .object({ name: requiredText(TERM_NAME_MAX), startDate: day, endDate: day })
  .refine((body) => body.endDate >= body.startDate, {
    path: ["endDate"],
    ...coded("invalid", "must not be before the start date"),
  });

/** A day is in one stretch at most: the refusal names the stretch it would share days with. */
function overlapRefusal(other: TermStretchRecord): ApiError {
  const message = `must not overlap ${other.name} (${other.startDate} to ${other.endDate})`;
  return new ApiError(400, `startDate: ${message}`, { field: "startDate", problem: { code: "invalid" } });
}

/** Recent changes name a stretch by its name at the time. */
const activityTarget = (stretch: TermStretchRecord) => ({ type: "term", id: stretch.id, title: stretch.name });

/**
 * The school's term dates (docs/product.md, 'Term dates'): `GET/POST /api/admin/terms`,
 * `PUT/DELETE /api/admin/terms/{id}`, for Editors and Administrators alike. The list is
 * answered whole, in date order: it is kept under MAX_TERM_STRETCHES.
 */
export function termRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  const admin = requireAdmin(deps);

  app.get("/admin/terms", admin, async (c) => c.json(await listTermStretches(db, MAX_TERM_STRETCHES)));

  app.post("/admin/terms", admin, jsonLimit, async (c) => {
    const body = validate(stretchBody, await readJson(c));
    const added = await addTermStretch(db, body, MAX_TERM_STRETCHES, deps.now());
    if ("full" in added) throw new ApiError(400, TERMS_FULL);
    if ("overlaps" in added) throw overlapRefusal(added.overlaps);
    await recordChange(deps, c, "term.create", activityTarget(added));
    return c.json(added, 201);
  });

  app.put("/admin/terms/:id", admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const body = validate(stretchBody, await readJson(c));
    const changed = await updateTermStretch(db, id, body, deps.now());
    if (changed === null) throw notFound(TERM_NOT_FOUND);
    if ("overlaps" in changed) throw overlapRefusal(changed.overlaps);
    await recordChange(deps, c, "term.update", activityTarget(changed));
    return c.json(changed);
  });

  app.delete("/admin/terms/:id", admin, async (c) => {
    const removed = await deleteTermStretch(db, parseId(c.req.param("id")));
    if (removed === null) throw notFound(TERM_NOT_FOUND);
    await recordChange(deps, c, "term.delete", activityTarget(removed));
    return c.json({ ok: true });
  });

  return app;
}
