import { Hono } from "hono";
import { z } from "zod";
import { richTextBoundsProblem } from "../../../common/html-bounds";
import { sanitizeNewsHtml } from "../../../common/sanitize-html";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { requireAdmin } from "../lib/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { addItemRoutes } from "../lib/item-routes";
import { adminListQuery, listQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import { publishFields } from "../lib/publish-fields";
import { addPublishedItemRoutes } from "../lib/published-item-routes";
import { publishedStore, shownToVisitors, type PublishedKind } from "../lib/published-items";
import { dateTime, optionalImageUrl, optionalText, requiredText } from "../lib/validation";
import { fieldNames } from "../../store/listing";
import {
  adminNewsByIds,
  countNews,
  createNews,
  deleteNews,
  getAdminNews,
  listAdminNews,
  listNews,
  NEWS_COLUMNS,
  newsByIds,
  newsIds,
  updateNews,
  type NewsItem,
} from "../../store/news";
import { publicAt } from "../../store/publishing";

const newsSchema = z.object({
  title: requiredText(TEXT_LIMITS.shortText),
  // A refused length or depth stops the pipe before the transform: DOMPurify only ever
  // sees content within both bounds.
  content: z
    .string({ error: "must be text" })
    .superRefine((html, ctx) => {
      const problem = richTextBoundsProblem(html);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .nullish()
    .transform((html) => sanitizeNewsHtml(html ?? "")),
  publishedAt: dateTime(),
  imageUrl: optionalImageUrl(),
  // docs/product.md, 'Photos': optional; left out keeps the stored description, null or '' clears it.
  imageAlt: optionalText(TEXT_LIMITS.altText).optional(),
  // docs/product.md, 'Publishing': draft, scheduled or published, and the version the form was opened at.
  ...publishFields,
});
type NewsBody = z.output<typeof newsSchema>;

/** News as a published kind: what a revision keeps of it, and its 'as posted' e-mail. */
const NEWS_KIND: PublishedKind<NewsItem, NewsBody> = {
  type: "news",
  getAdmin: getAdminNews,
  create: createNews,
  update: updateNews,
  remove: deleteNews,
  fieldsOf: ({ title, content, publishedAt, imageUrl, imageAlt }) => ({
    title,
    content,
    publishedAt,
    imageUrl,
    imageAlt,
  }),
  postOf: (item) => ({ kind: "news", id: item.id }),
};

const NOT_FOUND = "News item not found";

export function newsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  // Visitors' list: only what is public now (docs/product.md, 'Publishing').
  app.get("/news", async (c) => {
    const { window, fields } = listQuery<NewsItem>(c, fieldNames(NEWS_COLUMNS));
    const seen = publicAt(deps.now());
    return listResponse(c, window, {
      count: () => countNews(db, seen),
      window: (slice) => listNews(db, slice, seen, fields),
      ids: () => newsIds(db, seen),
      byIds: (ids) => newsByIds(db, ids),
    });
  });

  // The admin's list: every state, or one, each item with its state and version.
  app.get("/admin/news", requireAdmin(deps), async (c) => {
    const { window, seen } = adminListQuery(c, deps.now());
    return listResponse(c, window, {
      count: () => countNews(db, seen),
      window: (slice) => listAdminNews(db, slice, seen),
      ids: () => newsIds(db, seen),
      byIds: (ids) => adminNewsByIds(db, ids, seen.now),
    });
  });

  const { store, save } = publishedStore(deps, NEWS_KIND);
  addItemRoutes(app, deps, {
    name: "news",
    schema: newsSchema,
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.title,
    // docs/product.md, 'E-mail': the item and its 'as posted' e-mail are made together or not at all.
    store,
    shownTo: shownToVisitors(deps),
    adminGet: true,
  });
  addPublishedItemRoutes(app, deps, {
    name: "news",
    notFoundMessage: NOT_FOUND,
    kind: NEWS_KIND,
    schema: newsSchema,
    save,
    titleOf: (item) => item.title,
  });

  return app;
}
