import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { BookingDialog } from "~/components/public/BookingDialog";
import { EventItemView } from "~/components/public/EventItemView";
import { RouteErrorBoundary } from "~/components/RouteError";
import { keepDataForDialogs } from "~/lib/dialog-state";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, eventPageData, visitorSend, eventAlbumPath } from "~/lib/public/loaders.server";
import { eventPagePath } from "~/lib/paths/site";

/**
 * One event's own page (/events/{id}): its card as the Events page shows it, for link
 * previews, search engines and direct links. Sharing still shares /events#event-{id}.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { structuredData, ...data } = await eventPageData(context, params.id);
  const { site, event } = data;
  const meta = publicMeta(site, {
    title: event.name,
    description: event.shareText || `${event.dateText} with ${site.name}.`,
    path: eventPagePath(event.id),
    image: event.imageUrl,
    structuredData,
  });
  return { ...data, albumPath: await eventAlbumPath(visitorSend(request, context), event.id), meta };
}

export const meta = loaderMeta("Event");

export const shouldRevalidate = keepDataForDialogs;
export const ErrorBoundary = RouteErrorBoundary;

export default function EventPage() {
  const { site, event, albumPath } = useLoaderData<typeof loader>();
  const here = eventPagePath(event.id);
  const [searchParams] = useSearchParams();
  const booking = !event.past && searchParams.get("book") === event.id;

  return (
    <EventItemView
      event={event}
      origin={site.origin}
      albumPath={albumPath}
      dialog={booking ? <BookingDialog event={event} closeTo={here} /> : null}
    />
  );
}
