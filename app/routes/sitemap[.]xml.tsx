import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/upstream/from-upstream.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/site.server";
import { siteSitemap } from "~/lib/public/sitemap-parts.server";
import { SITEMAP_CONTENT_TYPE } from "~/lib/public/sitemap.server";

/**
 * /sitemap.xml: every public page and every news and event page, for search engines;
 * past 1,000 addresses, the index of the sitemaps that list them (sitemap-parts.server.ts).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const body = await fromUpstream(() => siteSitemap(publicSend(context), siteInfo()));
  return feedResponse(body, SITEMAP_CONTENT_TYPE);
}
