import { eventPagePath } from "../../../common/web-paths";

export { eventPagePath };
export { isWebUrl } from "../../../common/web-paths";

/*
 * Where the calendar, the news feed and the item pages live (docs/architecture.md, 'Beyond the spec'). Plain
 * strings, safe in the browser bundle, so the UI's buttons and the feeds agree.
 */

/** The subscribable calendar of events (app/routes/events[.]ics.tsx). */
export const CALENDAR_PATH = "/events.ics";
/** The news feed, RSS 2.0 (app/routes/news[.]xml.tsx). */
export const NEWS_FEED_PATH = "/news.xml";
export const SITEMAP_PATH = "/sitemap.xml";
/**
 * The sitemaps a large site's /sitemap.xml lists (app/lib/public/sitemap-parts.server.ts):
 * at the site's root, since a sitemap may only list addresses under its own folder.
 */
export const SITEMAP_PAGES_PATH = "/sitemap-pages.xml";
export const SITEMAP_NEWS_PATH = "/sitemap-news.xml";
export const SITEMAP_EVENTS_PATH = "/sitemap-events.xml";

/** The public page of one news item. */
export function newsPagePath(id: string): string {
  return `/news/${encodeURIComponent(id)}`;
}

/** One event as an .ics download, for an "Add to calendar" button (app/routes/events_.$id[.]ics.tsx). */
export function eventCalendarPath(id: string): string {
  return `${eventPagePath(id)}.ics`;
}

/**
 * The calendar as a webcal:// address: calendar apps (Apple, Google via its "From URL",
 * Outlook) subscribe to it and fetch it again on their own, so new events appear
 * without the parent doing anything. `origin` is the site's absolute origin.
 */
export function calendarSubscribeUrl(origin: string): string {
  return `webcal://${new URL(origin).host}${CALENDAR_PATH}`;
}
