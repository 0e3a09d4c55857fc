import { EVENTS_PART, sitemapPartLoader } from "~/lib/public/sitemap-parts.server";

/** /sitemap-events.xml?page=N: the event pages, by date, 1,000 a page; 404 past the last. */
export const loader = sitemapPartLoader(EVENTS_PART);
