import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarEvents, calendarSeries } from "~/lib/upstream/club-lists.server";
import { CALENDAR_CONTENT_TYPE, CALENDAR_MAX_EVENTS, calendarCutoff, calendarFeed } from "~/lib/events/calendar.server";
import { feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/upstream/from-upstream.server";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/site.server";

/** /events.ics: the calendar a parent subscribes to once (webcal://…) and sees new events appear in. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = siteInfo();
  const send = publicSend(context);
  const events = await fromUpstream(() =>
    calendarEvents(send, site.now, calendarCutoff(site.now), CALENDAR_MAX_EVENTS),
  );
  const series = await fromUpstream(() => calendarSeries(send, events));
  return feedResponse(calendarFeed(events, site, series), CALENDAR_CONTENT_TYPE, {
    // Shown inline (subscribed to), but a browser that saves it names it sensibly.
    "Content-Disposition": 'inline; filename="events.ics"',
  });
}
