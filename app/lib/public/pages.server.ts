import { redirect, type AppLoadContext } from "@remix-run/node";
import { env } from "../config.server";
import logo from "~/assets/logo.svg";
import {
  eventsForDisplay,
  galleryWindow,
  newsWindow,
  readEvent,
  readNewsItem,
  upcomingEvents,
} from "~/lib/upstream/club-lists.server";
import { formatDate, formatEventTime, isPast } from "~/lib/dates";
import type { ClubEvent, NewsItem } from "~/lib/upstream/answers.server";
import { whatWeDoSchema, whoWeAreSchema } from "~/lib/upstream/answers.server";
import { notFound } from "~/lib/not-found.server";
import { pageHref } from "~/lib/paging/pages";
import { readPage, requestedPage } from "~/lib/paging/read-page.server";
import { excerpt } from "~/lib/sanitize.server";
import { getJson, upstreamFetch } from "~/lib/upstream/client.server";
import type { Send } from "~/lib/upstream/lists.server";
import { dialogHref } from "../dialog-state";
import { ITEM_ID } from "../item-id";
import { calendarSubscribeUrl, eventPagePath } from "../paths/site";
import { fromUpstream } from "../upstream/from-upstream.server";
import { seesParentsOnly, visitorSend } from "../gallery/visitor-send.server";
import { markParentsOnly } from "../gallery/albums.server";
import { newsForDisplay } from "./rich-text.server";
import { mailOffered } from "./mail-offered.server";
import { siteInfo, type SiteInfo } from "../site.server";
import { eventJsonLd, newsArticleJsonLd, organizationJsonLd } from "./structured-data.server";
import { availabilityOf, bookedOnSite, cardPlacesText, schemaAvailability } from "../bookings/availability.server";
import type { SiteAvailability } from "../bookings/answers.server";

/**
 * What each public page's loader reads from the upstream and hands its view: only the
 * items the page shows (see upstream/club-lists.server.ts). Kept in a server module so zod,
 * the schemas and the sanitiser never reach a public bundle.
 */

/** Public reads carry no token. */
export const publicSend =
  (context: AppLoadContext): Send =>
  (path) =>
    upstreamFetch(context, path);

/**
 * An event as its card shows it. Dates leave the server formatted in the site's zone, so no date library ships;
 * so does the line on its places beside Book Now, for an event booked on the club's own site (null otherwise).
 */
export function eventView(event: ClubEvent, site: SiteInfo, availability?: SiteAvailability) {
  return {
    places: cardPlacesText(availability),
    ...event,
    dateText: formatDate(event.date, site.timeZone),
    // Shown beside the date: parents need to know when to turn up.
    timeText: formatEventTime(event.date, site.timeZone),
    past: isPast(event.date, site.now),
    shareText: excerpt(event.comment),
    // Made here, so the page's script carries no address-building of its own.
    shareUrl: `${site.origin}/events#event-${event.id}`,
    pagePath: eventPagePath(event.id),
    // Its booking page is the club's own, framed in Book Now without scripts (BookingDialog).
    bookedHere: bookedOnSite(event),
  };
}

/** A news item as its card shows it, with its content sanitised and its headings below the card's. */
export function newsView(item: NewsItem, site: SiteInfo, cardHeadingLevel: 1 | 2 | 3) {
  return {
    id: item.id,
    title: item.title,
    publishedAt: item.publishedAt,
    dateText: formatDate(item.publishedAt, site.timeZone),
    imageUrl: item.imageUrl,
    imageAlt: item.imageAlt,
    ...newsForDisplay(item.content, cardHeadingLevel),
  };
}

export async function homePageData(request: Request, context: AppLoadContext) {
  // Opened from the server (no JavaScript, or a reload), the popup is the Events page's.
  const book = new URL(request.url).searchParams.get("book");
  if (book) throw redirect(dialogHref("/events", "book", book));
  const site = siteInfo();
  const send = publicSend(context);
  // The first news item is the latest (docs/product.md, 'Screens and routes'); the first upcoming one is the next event.
  const [events, news] = await fromUpstream(() =>
    Promise.all([upcomingEvents(send, site.now, 1), newsWindow(send, 1, 0)]),
  );
  const latest = news.items[0];
  const next = events.items[0];
  const places = next ? await availabilityOf(context, [{ ...next, past: false }]) : new Map<string, SiteAvailability>();
  const config = env();
  const contact = { email: config.CONTACT_EMAIL, links: [config.SOCIAL_GROUP_URL, config.MESSAGING_GROUP_URL] };
  return {
    site,
    structuredData: organizationJsonLd(site, logo, contact),
    nextEvent: next ? eventView(next, site, places.get(next.id)) : null,
    latestNews: latest ? newsView(latest, site, 3) : null,
  };
}

/** Items per page of the News, Events and Gallery lists. */
export const NEWS_PAGE_SIZE = 10;
export const EVENTS_PAGE_SIZE = 12;
export const GALLERY_PAGE_SIZE = 24;

export async function newsPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const send = publicSend(context);
  const { items, page, pages } = await fromUpstream(() =>
    readPage(request, NEWS_PAGE_SIZE, (limit, offset) => newsWindow(send, limit, offset)),
  );
  return {
    site,
    paging: { page, pages },
    news: items.map((item) => newsView(item, site, 2)),
    mailUpdates: mailOffered(),
  };
}

export async function eventsPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const send = publicSend(context);
  const { items, page, pages } = await fromUpstream(() =>
    readPage(request, EVENTS_PAGE_SIZE, (limit, offset) => eventsForDisplay(send, site.now, limit, offset)),
  );
  // The first card with an image holds the page's largest paint: its image comes first.
  const firstWithImage = items.findIndex((event) => event.imageUrl);
  const here = pageHref("/events", page);
  const places = await availabilityOf(
    context,
    items.map((event) => ({ ...event, past: isPast(event.date, site.now) })),
  );
  return {
    site,
    paging: { page, pages },
    subscribeUrl: calendarSubscribeUrl(site.origin),
    mailUpdates: mailOffered(),
    structuredData: items.map((event) => eventJsonLd(event, site, offerAvailability(places.get(event.id)))),
    events: items.map((event, index) => ({
      ...eventView(event, site, places.get(event.id)),
      bookHref: dialogHref(here, "book", event.id),
      priority: index === firstWithImage,
    })),
  };
}

/**
 * A page of the gallery, and the images just before and after it, so the lightbox's
 * previous and next cross to the neighbouring page and wrap around at the ends of the
 * whole gallery, as they would if it were all on one page.
 */
export async function galleryPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const send = visitorSend(request, context);
  const start = (requestedPage(request) - 1) * GALLERY_PAGE_SIZE;
  // One read: the page, with the image either side of it.
  const from = Math.max(0, start - 1);
  const { items, total, page, pages } = await fromUpstream(() =>
    readPage(request, GALLERY_PAGE_SIZE, () => galleryWindow(send, GALLERY_PAGE_SIZE + 2, from)),
  );
  const images = items.slice(start - from, start - from + GALLERY_PAGE_SIZE);
  /** The lightbox's address for the image at `index` of the whole gallery, on its own page. */
  const hrefAt = async (index: number) => {
    const image = items[index - from] ?? (await fromUpstream(() => galleryWindow(send, 1, index))).items[0];
    const onPage = pageHref("/gallery", Math.floor(index / GALLERY_PAGE_SIZE) + 1);
    return image ? dialogHref(onPage, "image", image.id) : null;
  };
  // A gallery of one page needs neither: previous and next wrap within it.
  const end = start + images.length;
  const [before, after] =
    pages > 1
      ? await Promise.all([hrefAt(start > 0 ? start - 1 : total - 1), hrefAt(end < total ? end : 0)])
      : [null, null];
  // A link preview shows a public image only, never one the passphrase or the committee's session opened.
  const mayHave = await seesParentsOnly(request);
  const previewImage = mayHave ? null : (images[0]?.imageUrl ?? null);
  const shown = await fromUpstream(() => markParentsOnly(images, send, mayHave));
  return {
    site,
    paging: { page, pages },
    first: start,
    total,
    images: shown,
    beyondPage: { before, after },
    previewImage,
  };
}

export async function whoWeArePageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const content = await fromUpstream(() => getJson(context, "/api/who-we-are", whoWeAreSchema));
  return { site, content };
}

export async function whatWeDoPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const content = await fromUpstream(() => getJson(context, "/api/what-we-do", whatWeDoSchema));
  return { site, content };
}

/** schema.org's availability of an event booked here; none for one booked elsewhere (or in the past). */
function offerAvailability(availability: SiteAvailability | undefined): string | undefined {
  return availability ? schemaAvailability(availability) : undefined;
}

/** The item with `id`, read on its own; 404 when the id is malformed or unknown. */
async function itemOrNotFound<T>(id: string | undefined, read: (id: string) => Promise<T | null>): Promise<T> {
  if (!id || !ITEM_ID.test(id)) notFound();
  return (await fromUpstream(() => read(id))) ?? notFound();
}

/** /events/{id}: the one event, as its card on the Events page shows it, and its schema.org Event. */
export async function eventPageData(context: AppLoadContext, id: string | undefined) {
  const site = siteInfo();
  const event = await itemOrNotFound(id, (eventId) => readEvent(publicSend(context), eventId));
  const places = await availabilityOf(context, [{ ...event, past: isPast(event.date, site.now) }]);
  const availability = places.get(event.id);
  return {
    site,
    event: eventView(event, site, availability),
    structuredData: eventJsonLd(event, site, offerAvailability(availability)),
  };
}

/** /news/{id}: the one news item in full, and its schema.org NewsArticle. */
export async function newsItemPageData(context: AppLoadContext, id: string | undefined) {
  const site = siteInfo();
  const item = await itemOrNotFound(id, (newsId) => readNewsItem(publicSend(context), newsId));
  // The page's own h1 is the title, so the content's headings start at h2.
  const shown = newsView(item, site, 1);
  return { site, item: shown, structuredData: newsArticleJsonLd({ ...shown, updatedAt: item.updatedAt }, site) };
}
