import type { ClubEvent } from "~/lib/upstream/answers.server";
import { AdminItemCard } from "./AdminItemCard";

/** One event on Manage Events: its card as the list shows it, with Edit and Delete. */
export function AdminEventCard({ event, timeZone }: { event: ClubEvent; timeZone: string }) {
  const card = { id: event.id, title: event.name, date: event.date, imageUrl: event.imageUrl };
  return (
    <AdminItemCard kind="event" item={card} timeZone={timeZone}>
      <p className="preserve-lines">{event.comment}</p>
      <p className="admin-item__link">
        <a href={event.bookingUrl} target="_blank" rel="noopener noreferrer">
          {event.bookingUrl}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </AdminItemCard>
  );
}
