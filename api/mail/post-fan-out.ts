import type { Kysely } from "kysely";
import type { EventItem } from "../store/events";
import { insertFanOut } from "../store/mail-fan-outs";
import type { NewsItem } from "../store/news";
import type { Database } from "../store/schema";
import type { MailSettings } from "./settings";

const MINUTE = 60_000;

/**
 * 'As they are posted' (docs/product.md, 'E-mail'): a new news item is e-mailed to those
 * who chose news once the delay has passed, read as it is then. Call it in the
 * transaction that made the item.
 */
export async function scheduleNewsPost(
  db: Kysely<Database>,
  settings: MailSettings,
  item: NewsItem,
  now: Date,
): Promise<void> {
  await insertFanOut(
    db,
    { key: `post:news:${item.id}`, kind: "post-news", itemId: item.id, dueAt: postDueAt(settings, now) },
    now,
  );
}

/** The same for a new event, only when it is still to come: a past event made for the record is news to nobody. */
export async function scheduleEventPost(
  db: Kysely<Database>,
  settings: MailSettings,
  item: EventItem,
  now: Date,
): Promise<void> {
  if (new Date(item.date).getTime() <= now.getTime()) return;
  await insertFanOut(
    db,
    { key: `post:event:${item.id}`, kind: "post-event", itemId: item.id, dueAt: postDueAt(settings, now) },
    now,
  );
}

function postDueAt(settings: MailSettings, now: Date): Date {
  return new Date(now.getTime() + settings.postDelayMinutes * MINUTE);
}
