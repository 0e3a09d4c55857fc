import { Hono } from "hono";
import { getAdminEvent } from "../../store/events";
import { getAdminNews } from "../../store/news";
import { previewTarget } from "../../store/preview-links";
import { unpublishedCounts } from "../../store/publishing";
import { requireAdmin } from "../lib/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { publicPart } from "../lib/published-items";
import { hashToken } from "../lib/tokens";

/**
 * Publishing's calls about more than one item (docs/product.md, 'Publishing'): the
 * dashboard's count of drafts and scheduled items, and the item a preview link shows.
 */
export function publishingRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/admin/content-states", requireAdmin(deps), async (c) => {
    const now = deps.now();
    const [news, events] = await Promise.all([
      unpublishedCounts(db, "news", now),
      unpublishedCounts(db, "events", now),
    ]);
    return c.json({ news, events });
  });

  // For anyone with the link, while it lives and the item is not yet public (then its own page shows it).
  app.get("/preview/:token", async (c) => {
    const now = deps.now();
    const target = await previewTarget(db, hashToken(c.req.param("token")), now);
    const item = !target
      ? null
      : target.type === "news"
        ? await getAdminNews(db, target.itemId, now)
        : await getAdminEvent(db, target.itemId, now);
    if (!target || !item || item.status === "published") throw notFound("Preview not found");
    c.header("Cache-Control", "no-store");
    return c.json({ type: target.type, item: publicPart(item) });
  });

  return app;
}
