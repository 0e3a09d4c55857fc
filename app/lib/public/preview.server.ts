import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { notFound } from "../not-found.server";
import { siteInfo } from "../site.server";
import { getJson, UpstreamError } from "../upstream/client.server";
import { eventSchema, newsItemSchema } from "../upstream/answers.server";
import { fromUpstream } from "../upstream/from-upstream.server";
import { eventView, newsView } from "./pages.server";

/**
 * A preview link's page (docs/product.md, 'Preview links'): never kept by the page cache or a
 * browser's ('no-store' is also what keeps it out of server.ts's page cache, which keeps
 * only answers that say `public`), and never indexed. Its 404 says the same.
 */
export const PREVIEW_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** A preview token as the /api makes them; anything else names no preview at all. */
const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{8,200}$/;

const previewSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("news"), item: newsItemSchema }),
  z.object({ type: z.literal("events"), item: eventSchema }),
]);

/**
 * The item a live preview link shows, as its public page will show it; the site's 404
 * when the /api answers 404 (expired, revoked, published, or gone).
 */
export async function previewPageData(context: AppLoadContext, token: string | undefined) {
  if (!token || !PREVIEW_TOKEN.test(token)) notFound();
  const site = siteInfo();
  const preview = await fromUpstream(async () => {
    try {
      return await getJson(context, `/api/preview/${encodeURIComponent(token)}`, previewSchema);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) notFound();
      throw error;
    }
  });
  const meta = (title: string) => [
    { title: `Preview: ${title} | ${site.name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
  if (preview.type === "news") {
    // The page's own h1 is the title, so the content's headings start at h2, as on /news/{id}.
    const item = newsView(preview.item, site, 1);
    return { site, preview: { type: "news" as const, item }, meta: meta(item.title) };
  }
  const event = eventView(preview.item, site);
  return { site, preview: { type: "events" as const, event }, meta: meta(event.name) };
}
