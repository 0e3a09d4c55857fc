import type { Kysely } from "kysely";
import { formatDate } from "../../common/date-text";
import { eventsBetween, newsPublishedBetween } from "../store/digest-items";
import type { MailRecipient } from "../store/mail-fan-outs";
import type { Database } from "../store/schema";
import type { MailContent } from "./compose";
import { latestDigestWeek } from "./digest-week";
import { eventLines, eventUrl, newsLines, newsUrl } from "./post-messages";
import type { MailSettings } from "./settings";

/** A digest lists at most this many of each: a bounded read and a message a parent reads. */
export const DIGEST_MAX_ITEMS = 20;
const DAY = 24 * 60 * 60 * 1000;
/** docs/product.md, 'E-mail': the digest shows the next four weeks' events. */
const EVENTS_AHEAD = 28 * DAY;

export const DIGEST_NEWS_HEADING = "News this week";
export const DIGEST_EVENTS_HEADING = "Events in the next four weeks";

type Section = NonNullable<MailContent["sections"]>[number];

/** What one digest can tell, read once for all its subscribers. */
export interface DigestItems {
  dueAt: Date;
  news: Section["items"];
  events: Section["items"];
}

/**
 * The week's news (public since the Monday 07:00 before, up to this one) and the events of
 * the next four weeks from `now` (a digest sent late lists no event already past).
 */
export async function readDigestItems(
  db: Kysely<Database>,
  settings: MailSettings,
  dueAt: Date,
  now: Date,
): Promise<DigestItems> {
  const weekBefore = latestDigestWeek(new Date(dueAt.getTime() - 1), settings.timeZone).dueAt;
  const news = await newsPublishedBetween(db, weekBefore, dueAt, now, DIGEST_MAX_ITEMS);
  const from = now.getTime() > dueAt.getTime() ? now : dueAt;
  const events = await eventsBetween(db, from, new Date(dueAt.getTime() + EVENTS_AHEAD), now, DIGEST_MAX_ITEMS);
  return {
    dueAt,
    news: news.map((item) => ({
      title: item.title,
      href: newsUrl(settings, item.id),
      lines: newsLines(settings, item),
    })),
    events: events.map((item) => ({
      title: item.name,
      href: eventUrl(settings, item.id),
      lines: eventLines(settings, item),
    })),
  };
}

/** One subscriber's digest, with what they chose; null when there is nothing for them. */
export function digestContent(settings: MailSettings, items: DigestItems, to: MailRecipient): MailContent | null {
  const sections: Section[] = [];
  if (to.news && items.news.length > 0) sections.push({ heading: DIGEST_NEWS_HEADING, items: items.news });
  if (to.events && items.events.length > 0) sections.push({ heading: DIGEST_EVENTS_HEADING, items: items.events });
  if (sections.length === 0) return null;
  return {
    subject: `This week at ${settings.siteName}`,
    intro: [
      `Your weekly digest from ${settings.siteName}, ${formatDate(items.dueAt.toISOString(), settings.timeZone)}.`,
    ],
    sections,
  };
}
