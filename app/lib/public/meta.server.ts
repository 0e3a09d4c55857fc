import type { MetaDescriptor } from "@remix-run/react";
import type { Thing } from "./structured-data.server";
import { absoluteImageUrl } from "./image-url.server";
import { OPENSEARCH_PATH, OPENSEARCH_TYPE } from "./opensearch.server";

/**
 * A public page's title and link-preview tags, made by its loader on the server: the
 * browser then needs no code for them, only the list (see meta.ts).
 */

interface SiteMeta {
  name: string;
  origin: string;
}

interface PageMeta {
  /** The page's own title; the site name is added after it (the home page passes none). */
  title?: string;
  description: string;
  path: string;
  /** An image for link previews: our /objects path or an absolute http(s) address. */
  image?: string | null;
  type?: "website" | "article";
  /** schema.org JSON-LD for the head (structured-data.server.ts). */
  structuredData?: Thing | Thing[];
}

/** Title, description and the Open Graph / Twitter tags that make a shared link preview well. */
export function publicMeta(site: SiteMeta | undefined, page: PageMeta): MetaDescriptor[] {
  const siteName = site?.name ?? "";
  const title = page.title ? (siteName ? `${page.title} | ${siteName}` : page.title) : siteName;
  const image = page.image && site ? absoluteImageUrl(page.image, site.origin) : null;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title ?? siteName },
    { property: "og:description", content: page.description },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (siteName) tags.push({ property: "og:site_name", content: siteName });
  if (site) {
    tags.push({ property: "og:url", content: `${site.origin}${page.path}` });
    // One address for search engines, whatever query or host the page was reached by.
    tags.push({ tagName: "link", rel: "canonical", href: `${site.origin}${page.path}` });
    // Search: browsers offer the site's search from every public page,
    // the home page first. Written from here, the tag costs the pages no JavaScript.
    tags.push({ tagName: "link", rel: "search", type: OPENSEARCH_TYPE, title: siteName, href: OPENSEARCH_PATH });
  }
  if (image) tags.push({ property: "og:image", content: image });
  // Remix writes it as <script type="application/ld+json">, escaping <, > and &.
  if (page.structuredData) tags.push({ "script:ld+json": page.structuredData });
  return tags;
}
