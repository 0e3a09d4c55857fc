import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/public/load.server";
import { eventsForDisplay, newsWindow } from "~/lib/content-lists.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/public/site.server";
import { sitemap, SITEMAP_CONTENT_TYPE } from "~/lib/public/sitemap.server";

/** /sitemap.xml: every public page and every news and event page, for search engines. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = siteInfo();
  const send = publicSend(context);
  // Bounded for now; the sitemap index takes over past 1,000 addresses.
  const [news, events] = await fromUpstream(() =>
    Promise.all([newsWindow(send, 1000, 0), eventsForDisplay(send, site.now, 1000, 0)]),
  );
  return feedResponse(sitemap(news.items, events.items, site), SITEMAP_CONTENT_TYPE);
}
