import { toDateInput, toDateTimeInput } from "../../dates";
import type { PublishState } from "./states";

/**
 * A news item's or event's fields as its edit form holds them, one string each, in the
 * site's time zone: what an edit dialog opens with, and what a refused save's form takes
 * of the other version (docs/product.md, 'Publishing', 'No edit lost'). Plain code, so
 * the pages and the actions share it.
 */

interface Stated {
  status: PublishState;
  publishAt: string | null;
}

/** 'Publish at' holds a scheduled item's time; otherwise it is empty. */
const publishAtValue = (item: Stated, timeZone: string) =>
  item.status === "scheduled" && item.publishAt ? toDateTimeInput(item.publishAt, timeZone) : "";

/** `html` is the item's content, sanitised as the page shows it. */
export function newsFormValues(
  item: Stated & {
    title: string;
    publishedAt: string;
    html: string;
    imageUrl: string | null;
    imageAlt?: string | null;
  },
  timeZone: string,
) {
  return {
    title: item.title,
    publishedAt: toDateInput(item.publishedAt, timeZone),
    content: item.html,
    imageUrl: item.imageUrl ?? "",
    imageAlt: item.imageAlt ?? "",
    publishAt: publishAtValue(item, timeZone),
  };
}

/** An event's own fields; its booking, repeat and scope fields are the events screen's. */
export function eventFormValues(
  event: Stated & {
    name: string;
    date: string;
    bookingUrl: string;
    comment: string;
    location: string | null;
    organiser: string | null;
    imageUrl: string | null;
    imageAlt?: string | null;
  },
  timeZone: string,
) {
  return {
    name: event.name,
    date: toDateTimeInput(event.date, timeZone),
    bookingUrl: event.bookingUrl,
    comment: event.comment,
    location: event.location ?? "",
    organiser: event.organiser ?? "",
    imageUrl: event.imageUrl ?? "",
    imageAlt: event.imageAlt ?? "",
    publishAt: publishAtValue(event, timeZone),
  };
}
