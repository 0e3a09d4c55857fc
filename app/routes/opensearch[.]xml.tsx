import favicon from "~/assets/favicon.svg";
import { feedResponse } from "~/lib/public/feed-response.server";
import { OPENSEARCH_CONTENT_TYPE, openSearchDescription } from "~/lib/public/opensearch.server";
import { siteInfo } from "~/lib/site.server";

/** /opensearch.xml: made here so its addresses follow SITE_URL. */
export function loader() {
  return feedResponse(openSearchDescription(siteInfo(), favicon), OPENSEARCH_CONTENT_TYPE);
}
