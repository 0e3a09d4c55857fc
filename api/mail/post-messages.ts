import { formatDate, formatEventWhen } from "../../common/date-text";
import { htmlExcerpt, plainExcerpt } from "../../common/html-excerpt";
import type { EventItem } from "../store/events";
import type { NewsItem } from "../store/news";
import { oneLine, type MailContent } from "./compose";
import type { MailSettings } from "./settings";

/** The absolute links an e-mail gives to an item's own page (docs/product.md, 'News item page'). */
export function newsUrl(settings: MailSettings, id: number): string {
  return `${settings.siteUrl}/news/${id}`;
}

export function eventUrl(settings: MailSettings, id: number): string {
  return `${settings.siteUrl}/events/${id}`;
}

/** The lines an e-mail tells a news item by, under its title: its date and its first 150 characters. */
export function newsLines(settings: MailSettings, item: NewsItem): string[] {
  return [formatDate(item.publishedAt, settings.timeZone), htmlExcerpt(item.content)].filter(Boolean);
}

/** An event's when (in the site's zone), where, and the first 150 characters of its comment. */
export function eventLines(settings: MailSettings, item: EventItem): string[] {
  return [
    formatEventWhen(item.date, settings.timeZone),
    item.location ? `Location: ${item.location}` : "",
    plainExcerpt(item.comment),
  ].filter(Boolean);
}

/** 'As they are posted' (docs/product.md, 'E-mail'): a news item, its title as the subject. */
export function newsPostContent(settings: MailSettings, item: NewsItem): MailContent {
  return {
    subject: item.title,
    intro: [`News from ${settings.siteName}: ${oneLine(item.title)}`, ...newsLines(settings, item)],
    action: { text: "Read it on the website", href: newsUrl(settings, item.id) },
  };
}

/** 'As they are posted': a new upcoming event, its name as the subject. */
export function eventPostContent(settings: MailSettings, item: EventItem): MailContent {
  return {
    subject: item.name,
    intro: [`A new event from ${settings.siteName}: ${oneLine(item.name)}`, ...eventLines(settings, item)],
    action: { text: "See the event and book", href: eventUrl(settings, item.id) },
  };
}
