import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarSources } from "~/lib/events/calendar-sources.server";
import { CALENDAR_CONTENT_TYPE, calendarFeed } from "~/lib/events/calendar.server";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/upstream/from-upstream.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/site.server";

/** /events.ics: the calendar a parent subscribes to once (webcal://…) and sees new events appear in. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = siteInfo();
  const feed = await fromUpstream(() => calendarFeed(site, calendarSources(publicSend(context), site.now)));
  // Shown inline (subscribed to), but a browser that saves it names it sensibly.
  const disposition = { "Content-Disposition": 'inline; filename="events.ics"' };
  return feedResponse(feed.text, CALENDAR_CONTENT_TYPE, disposition, feed.lastModified);
}
