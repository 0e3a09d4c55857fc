import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { BookingDialog } from "~/components/public/BookingDialog";
import { EventCard } from "~/components/public/EventCard";
import { Pager } from "~/components/Pager";
import { RouteErrorBoundary } from "~/components/RouteError";
import { CALENDAR_PATH } from "~/lib/paths/site";
import { keepDataForDialogs } from "~/lib/dialog-state";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, eventsPageData } from "~/lib/public/loaders.server";
import { pageHref } from "~/lib/paging/pages";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { structuredData, ...data } = await eventsPageData(request, context);
  const upcoming = data.events.filter((event) => !event.past);
  const meta = publicMeta(data.site, {
    title: "Events",
    structuredData,
    description: upcoming.length
      ? `Upcoming events from ${data.site.name}: ${upcoming
          .slice(0, 3)
          .map((event) => event.name)
          .join(", ")}. Book your place online.`
      : `Events from ${data.site.name}: see what we have been up to and book the next one.`,
    path: pageHref("/events", data.paging.page),
    image: (upcoming.find((event) => event.imageUrl) ?? data.events.find((event) => event.imageUrl))?.imageUrl,
  });
  return { ...data, meta };
}

export const meta = loaderMeta("Events");

export const shouldRevalidate = keepDataForDialogs;
export const ErrorBoundary = RouteErrorBoundary;

export default function Events() {
  const { events, paging, subscribeUrl, mailUpdates } = useLoaderData<typeof loader>();
  const here = pageHref("/events", paging.page);
  const [searchParams] = useSearchParams();
  const bookId = searchParams.get("book");
  const booking = events.find((event) => event.id === bookId && !event.past);

  return (
    <>
      <h1 className="page-title">Events</h1>
      <p className="calendar-links">
        <a href={subscribeUrl}>Subscribe to the calendar</a>
        <a href={CALENDAR_PATH} download>
          Download the calendar file
        </a>
        {mailUpdates ? <a href="/subscribe">Get news and events by e-mail</a> : null}
        <a href="/search">Search the site</a>
      </p>
      {booking ? <BookingDialog event={booking} closeTo={here} /> : null}
      {events.length === 0 ? <p className="empty-text">No events yet.</p> : null}
      <div className="grid events-grid">
        {events.map((event) => (
          <EventCard
            priority={event.priority}
            key={event.id}
            event={event}
            bookHref={event.bookHref}
            headingLevel={2}
            titleHref={event.pagePath}
            share={{ url: event.shareUrl, text: event.shareText }}
          />
        ))}
      </div>
      <Pager pathname="/events" noun="events" {...paging} />
    </>
  );
}
