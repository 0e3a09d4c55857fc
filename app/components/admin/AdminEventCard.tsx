import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { formatDate } from "~/lib/dates";
import type { ClubEvent } from "~/lib/models.server";
import { ItemActions } from "./ItemActions";
import { eventPagePath } from "~/lib/public/urls";

/** One event on Manage Events: its card as the list shows it, with Edit and Delete. */
export function AdminEventCard({ event, timeZone }: { event: ClubEvent; timeZone: string }) {
  return (
    <article
      className="card admin-item"
      id={`admin-event-${event.id}`}
      aria-labelledby={`admin-event-${event.id}-title`}
    >
      {event.imageUrl ? (
        <ResponsiveImage className="admin-item__image" src={event.imageUrl} alt="" width={480} height={270} />
      ) : null}
      <div className="card__body">
        <h2 className="card__title" id={`admin-event-${event.id}-title`}>
          {/* The public page, as visitors see it. */}
          <Link to={eventPagePath(event.id)}>{event.name}</Link>
        </h2>
        <p className="meta">
          <time dateTime={event.date}>{formatDate(event.date, timeZone)}</time>
        </p>
        <p className="preserve-lines">{event.comment}</p>
        <p className="admin-item__link">
          <a href={event.bookingUrl} target="_blank" rel="noopener noreferrer">
            {event.bookingUrl}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        <ItemActions id={event.id} name={event.name} />
      </div>
    </article>
  );
}
