import { Hono } from "hono";
import { z } from "zod";
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, SEARCH_RESULTS_MOST, type SearchAnswer } from "../../../common/search";
import { tooLong } from "../../../common/text-limits";
import { searchPage } from "../../store/search";
import { suggestionFor } from "../../store/search-suggestion";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { paged, pageParam } from "../lib/paged";
import { validate } from "../lib/validation";

const searchParams = z.object({
  q: z.string({ error: "is required" }).trim().min(1, "is required").max(SEARCH_QUERY_MAX, tooLong(SEARCH_QUERY_MAX)),
  page: pageParam,
});

/**
 * GET /api/search?q=&page=: everything public that matches,
 * ten a page, and a close spelling when nothing does. Anyone may ask; what is not public
 * is never in the answer (store/search-index.ts, store/search.ts).
 */
export function searchRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get("/search", async (c) => {
    const { q, page } = validate(searchParams, c.req.query());
    const now = deps.now();
    const { items, ...where } = await paged(
      page,
      SEARCH_PAGE_SIZE,
      (window) => searchPage(deps.store.db, q, window, now),
      SEARCH_RESULTS_MOST,
    );
    const suggestion = where.total === 0 ? await suggestionFor(deps.store.db, q, now) : null;
    const answer: SearchAnswer = { results: items, ...where, ...(suggestion !== null && { suggestion }) };
    return c.json(answer);
  });

  return app;
}
