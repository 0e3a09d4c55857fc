import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/upstream/from-upstream.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/site.server";
import { pagesSitemap } from "~/lib/public/sitemap-parts.server";
import { SITEMAP_CONTENT_TYPE } from "~/lib/public/sitemap.server";

/** /sitemap-pages.xml: the six public pages, as the sitemap index lists them. */
export async function loader({ context }: LoaderFunctionArgs) {
  const body = await fromUpstream(() => pagesSitemap(publicSend(context), siteInfo()));
  return feedResponse(body, SITEMAP_CONTENT_TYPE);
}
