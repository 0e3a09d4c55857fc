import { TZDate } from "@date-fns/tz";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "../site.server";
import { absoluteImageUrl } from "./image-url.server";
import { eventPagePath, newsPagePath } from "../paths/site";
import { DEFAULT_EVENT_MINUTES } from "../../../common/event-calendar";

/**
 * schema.org descriptions of the club and its items, for search engines and the apps
 * that read them (JSON-LD). The loaders put them among the page's meta tags, which
 * Remix writes into the head as <script type="application/ld+json"> with <, > and &
 * escaped, so no text of ours can end the script element. The browser needs no code.
 */
export type Thing = Record<string, unknown>;

function club(site: SiteInfo, email?: string, sameAs: string[] = []): Thing {
  return {
    "@type": "Organization",
    name: site.name,
    url: `${site.origin}/`,
    ...(email ? { email } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** The home page's: who the club is and where else to find it. */
export function organizationJsonLd(site: SiteInfo, logoPath: string, contact: { email: string; links: string[] }) {
  return {
    "@context": "https://schema.org",
    ...club(site, contact.email, contact.links),
    logo: `${site.origin}${logoPath}`,
  };
}

/** A moment as schema.org wants it: local wall-clock time with its UTC offset. */
function withOffset(iso: string, timeZone: string): string {
  return new TZDate(new Date(iso).getTime(), timeZone).toISOString().replace(/\.000(?=[+-]|Z)/, "");
}

/**
 * The site is written for a school in the UK (its feeds say en-GB), so an event's place is
 * there and its offer in pounds.
 */
const COUNTRY = "GB";
const CURRENCY = "GBP";

/** Where an event is held: its location as the place and its address, else the club's usual place, the club itself. */
function placeOf(event: ClubEvent, site: SiteInfo): Thing {
  const name = event.location ?? site.name;
  const address = {
    "@type": "PostalAddress",
    ...(event.location ? { streetAddress: name } : { name }),
    addressCountry: COUNTRY,
  };
  return { "@type": "Place", name, address, ...(event.location ? {} : { url: `${site.origin}/` }) };
}

/** The same name, however its apostrophes, spaces and case are written. */
const sameName = (a: string, b: string) => {
  const plain = (text: string) =>
    text
      .normalize("NFKC")
      .replace(/[\u2018\u2019`]/g, "'")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  return plain(a) === plain(b);
};

/** The club organises every event, once; a person named as the organiser is beside it. */
function organizerOf(event: ClubEvent, site: SiteInfo): Thing | Thing[] {
  if (!event.organiser || sameName(event.organiser, site.name)) return club(site);
  return [club(site), { "@type": "Person", name: event.organiser }];
}

/**
 * `availability`: schema.org's word for the places of an event booked on the club's own
 * site (docs/product.md, 'Bookings'); an event booked elsewhere is offered at its link
 * until it has happened. Booking through the club costs nothing, so the offer's price is 0.
 */
export function eventJsonLd(event: ClubEvent, site: SiteInfo, availability?: string): Thing {
  const image = event.imageUrl ? absoluteImageUrl(event.imageUrl, site.origin) : null;
  const end = new Date(Date.parse(event.date) + DEFAULT_EVENT_MINUTES * 60_000).toISOString();
  const past = Date.parse(event.date) < Date.parse(site.now);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    startDate: withOffset(event.date, site.timeZone),
    // Events have no end time: the calendar's two hours (common/event-calendar.ts).
    endDate: withOffset(end, site.timeZone),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: placeOf(event, site),
    description: event.comment,
    ...(image ? { image: [image] } : {}),
    url: `${site.origin}${eventPagePath(event.id)}`,
    organizer: organizerOf(event, site),
    ...(event.bookingUrl
      ? {
          offers: {
            "@type": "Offer",
            url: event.bookingUrl,
            price: 0,
            priceCurrency: CURRENCY,
            availability: availability ?? `https://schema.org/${past ? "SoldOut" : "InStock"}`,
          },
        }
      : {}),
  };
}

/** A news item as an article; `updatedAt`, when the upstream says, is when it last changed (dateModified). */
export function newsArticleJsonLd(
  item: {
    id: string;
    title: string;
    publishedAt: string;
    updatedAt?: string;
    imageUrl: string | null;
    shareText: string;
  },
  site: SiteInfo,
): Thing {
  const image = item.imageUrl ? absoluteImageUrl(item.imageUrl, site.origin) : null;
  const url = `${site.origin}${newsPagePath(item.id)}`;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: item.title,
    datePublished: item.publishedAt,
    // Never before its publication: an item written ahead and published later was last changed then.
    dateModified:
      item.updatedAt && Date.parse(item.updatedAt) > Date.parse(item.publishedAt) ? item.updatedAt : item.publishedAt,
    description: item.shareText,
    ...(image ? { image: [image] } : {}),
    url,
    mainEntityOfPage: url,
    author: club(site),
    publisher: club(site),
  };
}
