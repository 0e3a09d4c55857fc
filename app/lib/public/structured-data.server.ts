import { TZDate } from "@date-fns/tz";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "../site.server";
import { absoluteImageUrl } from "./image-url.server";
import { eventPagePath, newsPagePath } from "../paths/site";

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

/** The event's start as schema.org wants it: local wall-clock time with its UTC offset. */
function withOffset(iso: string, timeZone: string): string {
  return new TZDate(new Date(iso).getTime(), timeZone).toISOString().replace(/\.000(?=[+-]|Z)/, "");
}

/** `availability`: schema.org's word for the places of an event booked on the club's own site (docs/product.md, 'Bookings'). */
export function eventJsonLd(event: ClubEvent, site: SiteInfo, availability?: string): Thing {
  const image = event.imageUrl ? absoluteImageUrl(event.imageUrl, site.origin) : null;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    startDate: withOffset(event.date, site.timeZone),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(event.location ? { location: { "@type": "Place", name: event.location, address: event.location } } : {}),
    description: event.comment,
    ...(image ? { image: [image] } : {}),
    url: `${site.origin}${eventPagePath(event.id)}`,
    organizer: event.organiser ? [club(site), { "@type": "Person", name: event.organiser }] : club(site),
    ...(event.bookingUrl
      ? { offers: { "@type": "Offer", url: event.bookingUrl, ...(availability ? { availability } : {}) } }
      : {}),
  };
}

export function newsArticleJsonLd(
  item: { id: string; title: string; publishedAt: string; imageUrl: string | null; shareText: string },
  site: SiteInfo,
): Thing {
  const image = item.imageUrl ? absoluteImageUrl(item.imageUrl, site.origin) : null;
  const url = `${site.origin}${newsPagePath(item.id)}`;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: item.title,
    datePublished: item.publishedAt,
    description: item.shareText,
    ...(image ? { image: [image] } : {}),
    url,
    mainEntityOfPage: url,
    author: club(site),
    publisher: club(site),
  };
}
