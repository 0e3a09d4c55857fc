import { feedResponse } from "~/lib/public/feed-response.server";
import { siteInfo } from "~/lib/site.server";
import { robotsTxt, ROBOTS_CONTENT_TYPE } from "~/lib/public/sitemap.server";

/** /robots.txt, made here rather than kept in public/ so the sitemap's address follows SITE_URL. */
export function loader() {
  return feedResponse(robotsTxt(siteInfo()), ROBOTS_CONTENT_TYPE);
}
