import { UrlDialog } from "~/components/UrlDialog";
import { isWebUrl } from "~/lib/paths/site";

interface Props {
  event: { name: string; bookingUrl: string; bookedHere: boolean };
  /** The page without ?book, where closing leads. */
  closeTo: string;
}

/**
 * The booking popup: the event's booking page in a sandboxed frame. The sandbox lets
 * another booking site run its own form, with its own cookies, but never reach this
 * page, which the same-origin rule already keeps from it. The club's own booking page
 * shares this page's origin, so its frame runs no script (with both it could lift its
 * own sandbox, as the Nu HTML checker warns): it is a plain form, which works without.
 * A plain link opens either in a tab of its own, for booking sites that refuse a frame.
 */
const OWN_FRAME = "allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox";

export function BookingDialog({ event, closeTo }: Props) {
  const safe = isWebUrl(event.bookingUrl);
  return (
    <UrlDialog title={`Book: ${event.name}`} closeTo={closeTo} className="booking-dialog">
      {safe ? (
        <>
          <p className="booking-dialog__external">
            <a href={event.bookingUrl} target="_blank" rel="noopener noreferrer">
              Open the booking page in a new tab
            </a>
          </p>
          <iframe
            className="booking-frame"
            src={event.bookingUrl}
            title={`Booking page for ${event.name}`}
            sandbox={event.bookedHere ? OWN_FRAME : `allow-scripts ${OWN_FRAME}`}
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </>
      ) : (
        <p className="empty-text">Booking is not available for this event.</p>
      )}
    </UrlDialog>
  );
}
