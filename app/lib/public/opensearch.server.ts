import { escapeXml } from "../xml.server";
import type { SiteInfo } from "../site.server";

export const OPENSEARCH_PATH = "/opensearch.xml";
export const OPENSEARCH_TYPE = "application/opensearchdescription+xml";
export const OPENSEARCH_CONTENT_TYPE = `${OPENSEARCH_TYPE}; charset=utf-8`;

/** OpenSearch's limit on a ShortName. */
const SHORT_NAME_MAX = 16;

/**
 * The site's OpenSearch description: browsers that read the
 * root's <link rel="search"> offer to search the site from the address bar.
 */
export function openSearchDescription(site: SiteInfo, icon: string): string {
  const shortName = site.name.length > SHORT_NAME_MAX ? `${site.name.slice(0, SHORT_NAME_MAX - 1)}…` : site.name;
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${escapeXml(shortName)}</ShortName>
  <Description>${escapeXml(`Search the news, events and photos of ${site.name}`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image type="image/svg+xml">${escapeXml(new URL(icon, site.origin).href)}</Image>
  <Url type="text/html" method="get" template="${escapeXml(`${site.origin}/search?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(`${site.origin}${OPENSEARCH_PATH}`)}"/>
</OpenSearchDescription>
`;
}
