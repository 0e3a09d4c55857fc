import { Link } from "@remix-run/react";
import { useId } from "react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import { BookButton } from "./BookButton";
import { ShareButton } from "./ShareButton";
import { eventCalendarPath } from "~/lib/paths/site";

interface Props {
  /**
   * dateText and timeText: the date (as the product spec formats it) and the time, as the loader
   * formatted them in the site's zone; past: judged by the loader's clock.
   */
  event: ClubEvent & { dateText: string; timeText: string; past: boolean; places?: string | null };
  bookHref: string;
  headingLevel: 1 | 2 | 3;
  /** The event's own page, which the title links to (absent on that page itself). */
  titleHref?: string;
  /** Present on the Events page for upcoming events only (docs/product.md, 'States and transitions'). */
  share?: { url: string; text: string };
  className?: string;
  /** The first card on screen with an image: that image is the page's largest paint. */
  priority?: boolean;
}

const HEADINGS = { 1: "h1", 2: "h2", 3: "h3" } as const;

/**
 * One event: name, image, date, location, comment, organiser, booking (docs/product.md, 'Screens and routes',
 * Events), and for an upcoming one its calendar file.
 */
export function EventCard({
  event,
  bookHref,
  headingLevel,
  titleHref,
  share,
  className = "",
  priority = false,
}: Props) {
  const { past } = event;
  const titleId = useId();
  const Heading = HEADINGS[headingLevel];
  const path = `/events#event-${event.id}`;
  return (
    <article
      id={`event-${event.id}`}
      className={`card event-card ${past ? "event-card--past" : ""} ${className}`}
      aria-labelledby={titleId}
    >
      {event.imageUrl ? (
        <ResponsiveImage
          className="card__image event-card__image"
          src={event.imageUrl}
          alt={event.imageAlt || ""}
          width={960}
          height={600}
          priority={priority}
        />
      ) : null}
      <div className="card__body">
        {past ? <p className="event-card__badge">Past Event</p> : null}
        <Heading id={titleId} className="card__title">
          {titleHref ? <Link to={titleHref}>{event.name}</Link> : event.name}
        </Heading>
        <p className="meta">
          <time dateTime={event.date}>{event.dateText}</time>
          {event.timeText ? ` · ${event.timeText}` : null}
        </p>
        {event.location ? <p className="event-card__detail">Location: {event.location}</p> : null}
        {event.comment ? <p className="preserve-lines event-card__comment">{event.comment}</p> : null}
        {event.organiser ? <p className="event-card__detail">Organised by {event.organiser}</p> : null}
        <div className="card__actions">
          <BookButton past={past} bookHref={bookHref} describedBy={titleId} />
          {/* '12 places left' for an event booked here: words the loader made (docs/product.md, 'Bookings'). */}
          {event.places && <span className="meta">{event.places}</span>}
          {share && !past ? (
            <ShareButton path={path} url={share.url} title={event.name} text={share.text} itemName={event.name} />
          ) : null}
          {past ? null : (
            <a className="button button--secondary" href={eventCalendarPath(event.id)} download>
              Add to calendar<span className="visually-hidden"> {event.name}</span>
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
