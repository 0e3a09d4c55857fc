import { UrlDialog } from "~/components/UrlDialog";
import { isWebUrl } from "~/lib/paths/site";

interface Props {
  event: { name: string; bookingUrl: string };
  /** The page without ?book, where closing leads. */
  closeTo: string;
}

/**
 * The booking popup: the event's booking page in a sandboxed frame. The sandbox lets
 * the booking site run its own form but never reach this page; a plain link opens it
 * in a tab of its own for visitors whose booking site refuses to be framed.
 */
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
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </>
      ) : (
        <p className="empty-text">Booking is not available for this event.</p>
      )}
    </UrlDialog>
  );
}
