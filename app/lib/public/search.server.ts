import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, SEARCH_TYPES } from "../../../common/search";
import { formatDate } from "../dates";
import { notFound } from "../not-found.server";
import { requestedPage } from "../paging/read-page.server";
import { siteInfo } from "../site.server";
import { fromUpstream } from "../upstream/from-upstream.server";
import { UpstreamError, upstreamFetch } from "../upstream/client.server";

/**
 * The search page's data: the query as typed, and the /api's
 * page of results with each date written as the site writes dates. No query, no search.
 */
const answerSchema = z.object({
  results: z.array(
    z.object({
      type: z.enum(SEARCH_TYPES),
      id: z.number(),
      title: z.string(),
      snippet: z.string(),
      url: z.string(),
      date: z.string(),
      upcoming: z.boolean().optional(),
    }),
  ),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
  suggestion: z.string().optional(),
});

export interface SearchView {
  q: string;
  /** Why the query was not asked: too long. */
  problem: string | null;
  results: Array<{ key: string; title: string; snippetHtml: string; url: string; dateText: string; label: string }>;
  total: number;
  paging: { page: number; pages: number };
  suggestion: string | null;
}

const LABELS = { news: "News", event: "Event", album: "Album", image: "Photo" } as const;

/** An album's date is a day: read at noon UTC, it is that day in every zone near the club's. */
const dayOrTime = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00.000Z` : date);

/** Only our <mark> is markup in a snippet, whatever the upstream sent. */
export const snippetHtml = (snippet: string) => snippet.replace(/<(?!\/?mark>)/g, "&lt;");

export async function searchPageData(request: Request, context: AppLoadContext): Promise<SearchView> {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  const page = requestedPage(request);
  const empty = { q, problem: null, results: [], total: 0, paging: { page: 1, pages: 1 }, suggestion: null };
  if (!q) return empty;
  if (q.length > SEARCH_QUERY_MAX) {
    return { ...empty, problem: `Search words must be at most ${SEARCH_QUERY_MAX} characters.` };
  }
  const site = siteInfo();
  const answer = await fromUpstream(async () => {
    try {
      const response = await upstreamFetch(context, `/api/search?${new URLSearchParams({ q, page: String(page) })}`);
      return answerSchema.parse(await response.json());
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) notFound();
      throw error;
    }
  });
  return {
    q,
    problem: null,
    results: answer.results.slice(0, SEARCH_PAGE_SIZE).map((result) => ({
      key: `${result.type}-${result.id}`,
      title: result.title,
      snippetHtml: snippetHtml(result.snippet),
      url: result.url,
      dateText: formatDate(dayOrTime(result.date), site.timeZone),
      label: result.type === "event" && result.upcoming ? "Upcoming event" : LABELS[result.type],
    })),
    total: answer.total,
    paging: { page: answer.page, pages: answer.pages },
    suggestion: answer.suggestion ?? null,
  };
}
