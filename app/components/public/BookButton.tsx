import { Link } from "@remix-run/react";
import { preloadDialog } from "~/components/UrlDialog";

interface Props {
  past: boolean;
  /** Opens the booking dialog: this page with ?book=ID. */
  bookHref: string;
  /** The id of the card's title, so the repeated 'Book Now' says which event. */
  describedBy: string;
}

/** 'Book Now' opens the booking dialog; a past event's button is disabled (docs/product.md, 'States and transitions'). */
export function BookButton({ past, bookHref, describedBy }: Props) {
  if (past) {
    return (
      <button type="button" className="button" disabled aria-describedby={describedBy}>
        Event Completed
      </button>
    );
  }
  return (
    <Link
      to={bookHref}
      className="button"
      preventScrollReset
      aria-describedby={describedBy}
      onPointerEnter={preloadDialog}
      onFocus={preloadDialog}
    >
      Book Now
    </Link>
  );
}
