import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedNotFound, feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/public/load.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/public/site.server";
import { eventsSitemap, requestedSitemapPage } from "~/lib/public/sitemap-parts.server";
import { SITEMAP_CONTENT_TYPE } from "~/lib/public/sitemap.server";

/** /sitemap-events.xml?page=N: the event pages, by date, 1,000 a page; 404 past the last. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = requestedSitemapPage(request);
  if (page === null) throw feedNotFound("Sitemap");
  const body = await fromUpstream(() => eventsSitemap(publicSend(context), siteInfo(), page));
  if (body === null) throw feedNotFound("Sitemap");
  return feedResponse(body, SITEMAP_CONTENT_TYPE);
}
