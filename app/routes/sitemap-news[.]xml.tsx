import { NEWS_PART, sitemapPartLoader } from "~/lib/public/sitemap-parts.server";

/** /sitemap-news.xml?page=N: the news item pages, newest first, 1,000 a page; 404 past the last. */
export const loader = sitemapPartLoader(NEWS_PART);
