import type { Context, Hono } from "hono";
import { z } from "zod";
import { getRevision, listRevisions, REVISIONS_PAGE, type Revision, type RevisionTarget } from "../../store/revisions";
import { requireAdmin } from "./auth";
import { jsonLimit } from "./body-limits";
import type { ApiDeps, ApiEnv } from "./context";
import { notFound } from "./errors";
import { TOTAL_COUNT_HEADER } from "./list-query";
import { paged, pageParam } from "./paged";
import { publishFields } from "./publish-fields";
import { parseId, readJson, validate } from "./validation";

/**
 * History (docs/product.md, 'Publishing'): an item's revisions, newest first, one
 * whole, and restoring one by saving its fields again as a new revision, for news
 * items, events and the page texts alike. `base` is the item's admin path
 * (/admin/news/:id); `target` names the item a request is about (404 when there is none).
 */
export function addRevisionRoutes(
  app: Hono<ApiEnv>,
  deps: ApiDeps,
  spec: {
    base: string;
    target: (c: Context<ApiEnv>) => Promise<RevisionTarget>;
    /** Saves the revision's fields as the item's new current version (by c's user); answers what a save answers. */
    restore: (
      c: Context<ApiEnv>,
      target: RevisionTarget,
      revision: Revision,
      body: { version?: number },
    ) => Promise<object>;
  },
): void {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
  const revisionOf = async (c: Context<ApiEnv>) => {
    const revision = await getRevision(db, await spec.target(c), parseId(c.req.param("rev") ?? ""));
    if (!revision) throw notFound("Revision not found");
    return revision;
  };

  app.get(`${spec.base}/revisions`, admin, async (c) => {
    const { page } = validate(z.object({ page: pageParam }), c.req.query());
    const target = await spec.target(c);
    const { items, total } = await paged(page, REVISIONS_PAGE, (window) => listRevisions(db, target, window));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(items);
  });

  app.get(`${spec.base}/revisions/:rev`, admin, async (c) => c.json(await revisionOf(c)));

  app.post(`${spec.base}/revisions/:rev/restore`, admin, jsonLimit, async (c) => {
    const body = validate(restoreSchema, await readJson(c));
    const revision = await revisionOf(c);
    return c.json(await spec.restore(c, await spec.target(c), revision, body));
  });
}

// The version the screen was opened at: a restore over a newer save is refused as a save is.
const restoreSchema = z.object({ version: publishFields.version });
