import { Hono } from "hono";
import { z } from "zod";
import { latestActivity, listActivity, type ActivityRecord } from "../../store/activity";
import { requireAdmin } from "../lib/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { validate } from "../lib/validation";

/** Lines a page of the record holds (docs/product.md, 'The committee'). */
export const ACTIVITY_PAGE_SIZE = 50;

const cursor = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, "must be a cursor this call gave")
  .transform(Number);
const personId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, "must be a person's id")
  .transform(Number);
const targetType = z.string().regex(/^[a-z][a-z-]{0,39}$/, "must be an item type such as news");
const targetId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be an item's id");

const pageQuery = z
  .object({
    before: cursor.optional(),
    after: cursor.optional(),
    user: personId.optional(),
    type: targetType.optional(),
    id: targetId.optional(),
    limit: z
      .string()
      .regex(/^\d{1,2}$/, `must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE}`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= ACTIVITY_PAGE_SIZE, `must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE}`)
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.before !== undefined && query.after !== undefined) {
      ctx.addIssue({ code: "custom", path: ["after"], message: "cannot be given with before" });
    }
    // An item is named by its type and its id together.
    if ((query.type === undefined) !== (query.id === undefined)) {
      ctx.addIssue({ code: "custom", path: [query.type === undefined ? "type" : "id"], message: "is required" });
    }
  });

const latestQuery = z.object({
  type: targetType,
  ids: z
    .string()
    .transform((raw) => raw.split(","))
    .refine(
      (ids) => ids.length <= ACTIVITY_PAGE_SIZE && ids.every((id) => targetId.safeParse(id).success),
      `must be up to ${ACTIVITY_PAGE_SIZE} item ids, separated by commas`,
    ),
});

/** A line as the /api tells it: the person by their name and username then; no row id (cursors stay opaque). */
function answer({ at, user, action, target }: ActivityRecord) {
  return { at, user, action, target };
}

/**
 * The record of who changed what (docs/product.md, 'The committee'), for everyone signed in:
 * `GET /api/admin/activity?before=&user=` pages through it newest first, with `next`
 * (older) and `newer` (for `?after=`) cursors; `type` and `id` narrow it to one item.
 * `GET /api/admin/activity/latest?type=news&ids=1,2` answers who last changed each of
 * a list page's items, for the edit dialogs' 'Last edited by'.
 */
export function activityRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  const admin = requireAdmin(deps);

  app.get("/admin/activity", admin, async (c) => {
    const query = validate(pageQuery, c.req.query());
    const limit = query.limit ?? ACTIVITY_PAGE_SIZE;
    const filter = {
      userId: query.user,
      target: query.type !== undefined && query.id !== undefined ? { type: query.type, id: query.id } : undefined,
    };
    // One more than shown tells whether there is another page, in the direction read.
    const read = await listActivity(db, { ...filter, before: query.before, after: query.after, limit: limit + 1 });
    const more = read.length > limit;
    // Read upwards from `after`, the extra line is the newest; read downwards, the oldest.
    const lines = query.after !== undefined ? read.slice(more ? 1 : 0) : read.slice(0, limit);
    const first = lines.at(0);
    const last = lines.at(-1);
    const older =
      query.after !== undefined
        ? last !== undefined && (await listActivity(db, { ...filter, before: last.id, limit: 1 })).length > 0
        : more;
    const newer =
      query.after !== undefined
        ? more
        : first !== undefined && (await listActivity(db, { ...filter, after: first.id, limit: 1 })).length > 0;
    return c.json({
      items: lines.map(answer),
      next: older && last ? String(last.id) : null,
      newer: newer && first ? String(first.id) : null,
    });
  });

  app.get("/admin/activity/latest", admin, async (c) => {
    const { type, ids } = validate(latestQuery, c.req.query());
    return c.json({ items: (await latestActivity(db, type, ids)).map(answer) });
  });

  return app;
}
