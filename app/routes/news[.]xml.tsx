import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/upstream/from-upstream.server";
import { NEWS_FEED_SIZE, newsFeed, newsFeedChanged, RSS_CONTENT_TYPE } from "~/lib/news/feed.server";
import { newsWindow } from "~/lib/upstream/club-lists.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/site.server";

/** /news.xml: the latest news as RSS 2.0, for feed readers. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = siteInfo();
  const { items: news } = await fromUpstream(() => newsWindow(publicSend(context), NEWS_FEED_SIZE, 0));
  return feedResponse(newsFeed(news, site), RSS_CONTENT_TYPE, {}, newsFeedChanged(news));
}
