import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { formatDate } from "~/lib/dates";
import { EventWhen } from "./EventWhen";
import { eventPagePath, newsPagePath } from "~/lib/paths/site";
import { ItemActions } from "./ItemActions";

/** Each kind's public page, which the card's title links to (as visitors see it). */
const PUBLIC_PAGE = { event: eventPagePath, news: newsPagePath } as const;

interface Props {
  /** Names the card's id (admin-{kind}-{id}) and the public page its title links to. */
  kind: keyof typeof PUBLIC_PAGE;
  /** The item as the card shows it: the date is the publication's, or the event's (shown with its time). */
  item: { id: string; title: string; date: string; imageUrl?: string | null };
  timeZone: string;
  /** What the list shows of the item between its date and Edit / Delete. */
  children: ReactNode;
}

/** One card of Manage News or Manage Events: image, linked title, date, the item's own lines, Edit and Delete. */
export function AdminItemCard({ kind, item, timeZone, children }: Props) {
  const anchor = `admin-${kind}-${item.id}`;
  return (
    <article className="card admin-item" id={anchor} aria-labelledby={`${anchor}-title`}>
      {item.imageUrl ? (
        <ResponsiveImage className="admin-item__image" src={item.imageUrl} alt="" width={480} height={270} />
      ) : null}
      <div className="card__body">
        <h2 className="card__title" id={`${anchor}-title`}>
          <Link to={PUBLIC_PAGE[kind](item.id)}>{item.title}</Link>
        </h2>
        <p className="meta">
          {kind === "event" ? (
            <EventWhen date={item.date} timeZone={timeZone} />
          ) : (
            <time dateTime={item.date}>{formatDate(item.date, timeZone)}</time>
          )}
        </p>
        {children}
        <ItemActions id={item.id} name={item.title} />
      </div>
    </article>
  );
}
