import { Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { dialogHref } from "~/lib/dialog-state";
import { eventPagePath } from "~/lib/paths/site";
import { BackLink } from "./BackLink";
import { EventCard } from "./EventCard";

interface Props {
  event: ComponentProps<typeof EventCard>["event"] & { shareText: string };
  origin: string;
  /** The event's album, when it has one. */
  albumPath?: string | null;
  /** Book Now's dialog, on the page itself when asked for. */
  dialog?: ReactNode;
}

/**
 * An event's own page below the layout: /events/{id}, and its preview (/preview/{token}),
 * which must look exactly as the page will (docs/product.md, 'Preview links').
 */
export function EventItemView({ event, origin, albumPath, dialog }: Props) {
  const here = eventPagePath(event.id);
  return (
    <>
      <BackLink to="/events">All events</BackLink>
      {dialog}
      <EventCard
        event={event}
        bookHref={dialogHref(here, "book", event.id)}
        headingLevel={1}
        share={{ url: `${origin}/events#event-${event.id}`, text: event.shareText }}
        className="item-page"
        priority
      />
      {albumPath ? (
        <p className="event-album-link">
          <Link to={albumPath}>Photos from this event</Link>
        </p>
      ) : null}
    </>
  );
}
