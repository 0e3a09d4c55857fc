import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFileName, eventCalendar } from "../../common/event-calendar";
import { CALENDAR_CONTENT_TYPE } from "~/lib/events/calendar.server";
import { seriesPlaceOf } from "~/lib/events/calendar-sources.server";
import { feedNotFound, feedResponse } from "~/lib/public/feed-response.server";
import { fromUpstream } from "~/lib/upstream/from-upstream.server";
import { readEvent } from "~/lib/upstream/club-lists.server";
import { ITEM_ID } from "~/lib/item-id";
import { publicSend } from "~/lib/public/pages.server";
import { siteInfo } from "~/lib/site.server";

/**
 * /events/{id}.ics: one event as a file to open in a calendar app ("Add to calendar").
 * The `[.]ics` is a literal suffix of the segment, so React Router ranks this route
 * above the event page at /events/{id} (`events_` keeps both out of the Events page's
 * layout). It answers for any event that exists, past ones included.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!ITEM_ID.test(id)) throw feedNotFound("Event");
  const site = siteInfo();
  const send = publicSend(context);
  const event = await fromUpstream(() => readEvent(send, id));
  // A date of a series is that date of the subscription's entry: one entry for a parent who has both.
  const series = event ? await fromUpstream(() => seriesPlaceOf(send, event)) : undefined;
  const body = event ? eventCalendar(event, site, { series }) : null;
  if (!event || body === null) throw feedNotFound("Event");
  return feedResponse(body, CALENDAR_CONTENT_TYPE, {
    "Content-Disposition": `attachment; filename="${calendarFileName(event)}"`,
  });
}
