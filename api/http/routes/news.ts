import { Hono } from "hono";
import { z } from "zod";
import { richTextBoundsProblem } from "../../../common/html-bounds";
import { sanitizeNewsHtml } from "../../../common/sanitize-html";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { listQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import { dateTime, LIMITS, optionalImageUrl, parseId, readJson, requiredText, validate } from "../lib/validation";
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
  type NewsInput,
  type NewsItem,
} from "../../store/news";

const newsSchema = z.object({
  title: requiredText(LIMITS.shortText),
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
});

const NOT_FOUND = "News item not found";

export function newsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
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

  app.get("/news/:id", async (c) => {
    const item = await getNews(db, parseId(c.req.param("id")));
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item);
  });

  app.post("/admin/news", admin, jsonLimit, async (c) => {
    const input: NewsInput = validate(newsSchema, await readJson(c));
    return c.json(await createNews(db, input, deps.now()), 201);
  });

  app.put("/admin/news/:id", admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input: NewsInput = validate(newsSchema, await readJson(c));
    const item = await updateNews(db, id, input, deps.now());
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item);
  });

  app.delete("/admin/news/:id", admin, async (c) => {
    if (!(await deleteNews(db, parseId(c.req.param("id"))))) throw notFound(NOT_FOUND);
    return c.json({ ok: true });
  });

  return app;
}
