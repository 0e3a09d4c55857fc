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
  const body = await fromUpstream(() => calendarFeed(site, calendarSources(publicSend(context), site.now)));
  return feedResponse(body, CALENDAR_CONTENT_TYPE, {
    // Shown inline (subscribed to), but a browser that saves it names it sensibly.
    "Content-Disposition": 'inline; filename="events.ics"',
  });
}
