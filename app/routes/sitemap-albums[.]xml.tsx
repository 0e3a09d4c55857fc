import { ALBUMS_PART, sitemapPartLoader } from "~/lib/public/sitemap-parts.server";

/** /sitemap-albums.xml?page=N: the public albums' pages, newest first, 1,000 a page; 404 past the last. */
export const loader = sitemapPartLoader(ALBUMS_PART);
