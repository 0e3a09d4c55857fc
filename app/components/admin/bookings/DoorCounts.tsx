import { Link } from "@remix-run/react";
import { CardSection } from "../CardSection";
import { PrintButton } from "./PrintButton";
import { formatDateTime } from "~/lib/date-time";
import { dialogHref } from "~/lib/dialog-state";
import { bookingsLine, doorListHref, type DoorSort } from "~/lib/admin/bookings/booking-words";
import type { Availability } from "~/lib/admin/bookings/door-list.server";

interface Props {
  eventId: string;
  availability: Availability;
  view: { page: number; sort: DoorSort };
  timeZone: string;
}

function placesLeft(left: number): string {
  return left === 1 ? "1 place left" : `${left} places left`;
}

/** How the event stands (booked, left, waiting, open or closed) and what can be done with the list. */
export function DoorCounts({ eventId, availability, view, timeZone }: Props) {
  const { open, closesAt, left, waitingList } = availability;
  return (
    <CardSection id="door-counts-title" title="Places" className="door-section door-counts">
      <p className="door-counts__line">{bookingsLine(availability)}</p>
      <p>{left > 0 ? placesLeft(left) : waitingList ? "Fully booked — waiting list open" : "Fully booked"}</p>
      <p>
        {open
          ? `Parents can book until ${formatDateTime(closesAt, timeZone)}.`
          : "Bookings are closed. You can still add bookings by hand."}
      </p>
      <div className="door-actions">
        <PrintButton />
        {/* A plain link: a file to download, not a page Remix would fetch. */}
        <a
          href={`/admin/events/${encodeURIComponent(eventId)}/bookings.csv`}
          download
          className="button button--secondary"
        >
          Download the list (CSV)
        </a>
        {open ? (
          <Link to={dialogHref(doorListHref(eventId, view), "close", "now")} className="button button--secondary">
            Close bookings now
          </Link>
        ) : null}
      </div>
    </CardSection>
  );
}
