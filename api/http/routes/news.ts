import { Hono } from "hono";
import { z } from "zod";
import { richTextBoundsProblem } from "../../../common/html-bounds";
import { sanitizeNewsHtml } from "../../../common/sanitize-html";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { scheduleNewsPost } from "../../mail/post-fan-out";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { addItemRoutes } from "../lib/item-routes";
import { listQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import { dateTime, optionalImageUrl, optionalText, requiredText } from "../lib/validation";
import { fieldNames } from "../../store/listing";
import {
  countNews,
  createNews,
  deleteNews,
  getNews,
  listNews,
  NEWS_COLUMNS,
  newsByIds,
  newsIds,
  updateNews,
  type NewsItem,
} from "../../store/news";

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
});

const NOT_FOUND = "News item not found";

export function newsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/news", async (c) => {
    const { window, fields } = listQuery<NewsItem>(c, fieldNames(NEWS_COLUMNS));
    return listResponse(c, window, {
      count: () => countNews(db),
      window: (slice) => listNews(db, slice, fields),
      ids: () => newsIds(db),
      byIds: (ids) => newsByIds(db, ids),
    });
  });

  addItemRoutes(app, deps, {
    name: "news",
    schema: newsSchema,
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.title,
    store: {
      get: getNews,
      // docs/product.md, 'E-mail': the item and its 'as posted' e-mail are made together or not at all.
      create: (db, input, now) =>
        db.transaction().execute(async (trx) => {
          const item = await createNews(trx, input, now);
          await scheduleNewsPost(trx, deps.mail.settings, item, now);
          return item;
        }),
      update: updateNews,
      remove: deleteNews,
    },
  });

  return app;
}
