import { redirect, type AppLoadContext } from "@remix-run/node";
import { env } from "../config.server";
import logo from "~/assets/logo.svg";
import { formatDate, isPast } from "~/lib/dates";
import {
  eventListSchema,
  galleryListSchema,
  newsListSchema,
  whatWeDoSchema,
  whoWeAreSchema,
} from "~/lib/models.server";
import { excerpt } from "~/lib/sanitize.server";
import { getJson } from "~/lib/upstream.server";
import { dialogHref } from "./dialog-state";
import { nextEvent, orderForDisplay } from "./events";
import { fromUpstream } from "./load.server";
import { paginate } from "./paginate.server";
import { newsForDisplay } from "./rich-text.server";
import { siteInfo } from "./site.server";
import { eventJsonLd, newsArticleJsonLd, organizationJsonLd } from "./structured-data.server";

/**
 * What each public page's loader reads from the upstream and hands its view. Kept in a
 * server module so zod, the schemas and the sanitiser never reach a public bundle.
 */
/** Dates leave the server already formatted in the site's zone, so no date library ships to the browser. */
const withDateText = <T extends { date: string }>(event: T, timeZone: string) => ({
  ...event,
  dateText: formatDate(event.date, timeZone),
});

export const readEvents = (context: AppLoadContext) => getJson(context, "/api/events", eventListSchema);
export const readNews = (context: AppLoadContext) => getJson(context, "/api/news", newsListSchema);

export async function homePageData(request: Request, context: AppLoadContext) {
  // Opened from the server (no JavaScript, or a reload), the popup is the Events page's.
  const book = new URL(request.url).searchParams.get("book");
  if (book) throw redirect(dialogHref("/events", "book", book));
  const site = siteInfo();
  const [events, news] = await fromUpstream(() => Promise.all([readEvents(context), readNews(context)]));
  // The upstream lists news newest first, so the first item is the latest (SPEC.md §2).
  const latest = news[0];
  const next = nextEvent(events, site.now);
  const config = env();
  const contact = { email: config.CONTACT_EMAIL, links: [config.SOCIAL_GROUP_URL, config.MESSAGING_GROUP_URL] };
  return {
    site,
    structuredData: organizationJsonLd(site, logo, contact),
    nextEvent: next ? withDateText(next, site.timeZone) : null,
    latestNews: latest
      ? {
          id: latest.id,
          title: latest.title,
          publishedAt: latest.publishedAt,
          dateText: formatDate(latest.publishedAt, site.timeZone),
          imageUrl: latest.imageUrl,
          html: newsForDisplay(latest.content, 3).html,
        }
      : null,
  };
}

/** Items per page of the News and Events lists (see paginate.server.ts). */
export const NEWS_PAGE_SIZE = 10;
export const EVENTS_PAGE_SIZE = 12;

export async function newsPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const { items: news, ...paging } = paginate(request, await fromUpstream(() => readNews(context)), NEWS_PAGE_SIZE);
  return {
    site,
    paging,
    news: news.map((item) => ({
      id: item.id,
      title: item.title,
      publishedAt: item.publishedAt,
      dateText: formatDate(item.publishedAt, site.timeZone),
      imageUrl: item.imageUrl,
      ...newsForDisplay(item.content, 2),
    })),
  };
}

export async function eventsPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const all = orderForDisplay(await fromUpstream(() => readEvents(context)), site.now);
  const { items: events, ...paging } = paginate(request, all, EVENTS_PAGE_SIZE);
  return {
    site,
    paging,
    structuredData: events.map((event) => eventJsonLd(event, site)),
    events: events.map((event) => ({
      ...withDateText(event, site.timeZone),
      past: isPast(event.date, site.now),
      shareText: excerpt(event.comment),
    })),
  };
}

export async function galleryPageData(request: Request, context: AppLoadContext) {
  const site = siteInfo();
  const images = await fromUpstream(() => getJson(context, "/api/gallery", galleryListSchema));
  return { site, images };
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

/** An item page's id: what our /api and a sane upstream use. Anything else is no page at all. */
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

function found<T extends { id: string }>(items: T[], id: string | undefined): T {
  if (!id || !ITEM_ID.test(id)) notFound();
  return items.find((item) => item.id === id) ?? notFound();
}

/** /events/{id}: the one event, as its card on the Events page shows it, and its schema.org Event. */
export async function eventPageData(context: AppLoadContext, id: string | undefined) {
  const site = siteInfo();
  const event = found(await fromUpstream(() => readEvents(context)), id);
  return {
    site,
    event: {
      ...withDateText(event, site.timeZone),
      past: isPast(event.date, site.now),
      shareText: excerpt(event.comment),
    },
    structuredData: eventJsonLd(event, site),
  };
}

/** /news/{id}: the one news item in full, and its schema.org NewsArticle. */
export async function newsItemPageData(context: AppLoadContext, id: string | undefined) {
  const site = siteInfo();
  const item = found(await fromUpstream(() => readNews(context)), id);
  const shown = {
    id: item.id,
    title: item.title,
    publishedAt: item.publishedAt,
    dateText: formatDate(item.publishedAt, site.timeZone),
    imageUrl: item.imageUrl,
    // The page's own h1 is the title, so the content's headings start at h2.
    ...newsForDisplay(item.content, 1),
  };
  return { site, item: shown, structuredData: newsArticleJsonLd(shown, site) };
}
