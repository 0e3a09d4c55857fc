import { z } from "zod";
import {
  eventListSchema,
  eventSchema,
  galleryImageSchema,
  galleryListSchema,
  newsItemSchema,
  newsListSchema,
  type ClubEvent,
  type GalleryImage,
  type NewsItem,
} from "./answers.server";
import { pastOf, upcomingOf } from "../event-order";
import { readCount, readItem, readSlice, type ListSlice, type Send } from "./lists.server";

/**
 * The club's three lists as pages and screens read them: a window at a time, in the
 * order each one is shown, with only the fields needed (see lists.server.ts).
 * Public loaders and admin screens both read through here, each with its own `send`.
 */

const NEWS = "/api/news";
const EVENTS = "/api/events";
const GALLERY = "/api/gallery";

/** News newest first (the /api's order). */
export function newsWindow(send: Send, limit: number, offset: number): Promise<ListSlice<NewsItem>> {
  return readSlice(send, { path: NEWS, schema: newsListSchema, limit, offset });
}

const newsHeadingSchema = z.array(newsItemSchema.pick({ id: true, title: true, publishedAt: true }));
export type NewsHeading = z.infer<typeof newsHeadingSchema>[number];

/** The newest items' titles and dates alone (the dashboard). */
export function newsHeadings(send: Send, limit: number): Promise<ListSlice<NewsHeading>> {
  return readSlice(send, { path: NEWS, schema: newsHeadingSchema, limit, offset: 0, fields: ["title", "publishedAt"] });
}

/**
 * Where a list of events is read: visitors' /api/events, or (Manage Events) the admin's
 * list of every state, which takes the same filter.
 */
export interface EventSource<E extends ClubEvent> {
  path: string;
  schema: z.ZodType<E[]>;
  params?: Record<string, string>;
}
const PUBLIC_EVENTS: EventSource<ClubEvent> = { path: EVENTS, schema: eventListSchema };

/** Single events alone, no date of a repeating series (the /api's `single`). */
export const SINGLE_EVENTS: EventSource<ClubEvent> = { ...PUBLIC_EVENTS, params: { single: "true" } };

/** A window of the events the filter picks (the /api's `from`, `to` and `order`), done here too for an upstream that ignores it. */
export function eventWindow<E extends ClubEvent>(
  send: Send,
  window: { limit: number; offset: number },
  filter: { from?: string; to?: string; order: "asc" | "desc" },
  applyLocally: (events: E[]) => E[],
  source: EventSource<E>,
): Promise<ListSlice<E>> {
  const params = {
    ...source.params,
    ...Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  };
  return readSlice(send, { path: source.path, schema: source.schema, ...window, params, applyLocally });
}

/** Events still to come (from `now` on), soonest first: the order the /api lists them in. */
export function upcomingEvents<E extends ClubEvent = ClubEvent>(
  send: Send,
  now: string,
  limit: number,
  offset = 0,
  source: EventSource<E> = PUBLIC_EVENTS as EventSource<E>,
): Promise<ListSlice<E>> {
  return eventWindow(send, { limit, offset }, { from: now, order: "asc" }, (events) => upcomingOf(events, now), source);
}

/** Events that have happened, most recent first. */
export function pastEvents<E extends ClubEvent = ClubEvent>(
  send: Send,
  now: string,
  limit: number,
  offset = 0,
  source: EventSource<E> = PUBLIC_EVENTS as EventSource<E>,
): Promise<ListSlice<E>> {
  return eventWindow(send, { limit, offset }, { to: now, order: "desc" }, (events) => pastOf(events, now), source);
}

/**
 * A window of the events in the order the Events page and the admin list show them
 * (docs/architecture.md, 'The /api (api/)'): upcoming soonest first, then past most recent first. Two windows
 * joined where the upcoming ones run out.
 */
export async function eventsForDisplay<E extends ClubEvent = ClubEvent>(
  send: Send,
  now: string,
  limit: number,
  offset: number,
  source: EventSource<E> = PUBLIC_EVENTS as EventSource<E>,
): Promise<ListSlice<E>> {
  const upcoming = await upcomingEvents(send, now, limit, offset, source);
  const past = await pastEvents(send, now, limit - upcoming.items.length, Math.max(0, offset - upcoming.total), source);
  return { items: [...upcoming.items, ...past.items], total: upcoming.total + past.total };
}

const newsStubSchema = z.array(newsItemSchema.pick({ id: true, publishedAt: true, updatedAt: true }));

/** News newest first, with only what a sitemap lists: its address and dates. */
export function newsStubs(send: Send, limit: number, offset: number) {
  const fields = ["id", "publishedAt", "updatedAt"];
  return readSlice(send, { path: NEWS, schema: newsStubSchema, limit, offset, fields });
}

const eventStubSchema = z.array(eventSchema.pick({ id: true, date: true, updatedAt: true }));

/**
 * Every event in the /api's own order (by date), with only what a sitemap lists. Not
 * the Events page's order: that one moves with the clock, and a sitemap read a part at
 * a time must find each event in the same part whenever each part was made.
 */
export function eventStubs(send: Send, limit: number, offset: number) {
  return readSlice(send, { path: EVENTS, schema: eventStubSchema, limit, offset, fields: ["id", "date", "updatedAt"] });
}

/** Gallery images newest first. */
export function galleryWindow(send: Send, limit: number, offset: number): Promise<ListSlice<GalleryImage>> {
  return readSlice(send, { path: GALLERY, schema: galleryListSchema, limit, offset });
}

export const countNews = (send: Send) => readCount(send, NEWS);
export const countEvents = (send: Send) => readCount(send, EVENTS);
export const countGallery = (send: Send) => readCount(send, GALLERY);

export const readNewsItem = (send: Send, id: string) =>
  readItem(send, NEWS, id, { item: newsItemSchema, list: newsListSchema });
export const readEvent = (send: Send, id: string) =>
  readItem(send, EVENTS, id, { item: eventSchema, list: eventListSchema });
export const readGalleryImage = (send: Send, id: string) =>
  readItem(send, GALLERY, id, { item: galleryImageSchema, list: galleryListSchema });
