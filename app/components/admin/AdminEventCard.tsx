import { Link } from "@remix-run/react";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import { bookingsLine } from "~/lib/admin/bookings/booking-words";
import type { BookingCounts } from "~/lib/admin/bookings/event-bookings.server";
import { eventHistoryPath } from "~/lib/admin/history/subjects";
import { AdminItemCard } from "./AdminItemCard";
import { StateLine } from "./StateLine";
import type { PublishState } from "~/lib/admin/publishing/states";

interface Props {
  /** With its state (publishing) and, for an occurrence of a repeating series, its series' id on Manage Events. */
  event: ClubEvent & { status?: PublishState; publishAt?: string | null; seriesId?: string | null };
  timeZone: string;
  /** For an event booked on this site: its places and bookings (docs/product.md, 'Bookings'). */
  bookings?: BookingCounts;
}

/** One event on Manage Events: its card as the list shows it, with Edit and Delete. */
export function AdminEventCard({ event, timeZone, bookings }: Props) {
  const card = { id: event.id, title: event.name, date: event.date, imageUrl: event.imageUrl };
  return (
    <AdminItemCard kind="event" item={card} timeZone={timeZone}>
      <StateLine item={event} timeZone={timeZone} />
      {event.seriesId ? (
        <p className="series-mark">
          <span className="series-mark__word">Repeats</span>
        </p>
      ) : null}
      <p className="preserve-lines">{event.comment}</p>
      <p className="admin-item__link">
        <a href={event.bookingUrl} target="_blank" rel="noopener noreferrer">
          {event.bookingUrl}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      {bookings ? (
        <p className="admin-item__bookings">
          <Link to={`/admin/events/${encodeURIComponent(event.id)}/bookings`}>{bookingsLine(bookings)}</Link>
        </p>
      ) : null}
      <p className="admin-item__history">
        <Link to={eventHistoryPath(event.id)}>
          History<span className="visually-hidden"> of {event.name}</span>
        </Link>
      </p>
    </AdminItemCard>
  );
}
