import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/public/load.server";
import { readEvents, readNews } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/public/site.server";
import { sitemap, SITEMAP_CONTENT_TYPE } from "~/lib/public/sitemap.server";

/** /sitemap.xml: every public page and every news and event page, for search engines. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = siteInfo();
  const [news, events] = await fromUpstream(() => Promise.all([readNews(context), readEvents(context)]));
  return feedResponse(sitemap(news, events, site), SITEMAP_CONTENT_TYPE);
}
