import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/public/load.server";
import { newsFeed, RSS_CONTENT_TYPE } from "~/lib/public/news-feed.server";
import { readNews } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/public/site.server";

/** /news.xml: the latest news as RSS 2.0, for feed readers. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = siteInfo();
  const news = await fromUpstream(() => readNews(context));
  return feedResponse(newsFeed(news, site), RSS_CONTENT_TYPE);
}
