import type { Kysely } from "kysely";
import { dropUnstartedFanOut, moveFanOut } from "../store/mail-fan-outs";
import type { Database } from "../store/schema";
import type { MailSettings } from "./settings";

const MINUTE = 60_000;

/** A news item or an event as its 'as posted' e-mail is planned: an event has its date. */
export type PostedItem = { kind: "news"; id: number } | { kind: "event"; id: number; date: string };

/**
 * 'As they are posted' (docs/product.md, 'E-mail' and 'Publishing'): an item is e-mailed
 * to those who chose it once the delay has passed after it went public, read as it is
 * then. Call it in the transaction of each save that changes when the item is public
 * (`publishAt`, null for a draft), unless it was public already: its e-mail was settled
 * then. A scheduled item's e-mail waits for its time; a draft's is dropped until it is
 * published; an event that will be past when it is published is news to nobody.
 */
export async function planPost(
  db: Kysely<Database>,
  settings: MailSettings,
  item: PostedItem,
  publishAt: string | null,
  now: Date,
): Promise<void> {
  const key = `post:${item.kind}:${item.id}`;
  const publicFrom = publishAt === null ? null : Math.max(Date.parse(publishAt), now.getTime());
  if (publicFrom === null || (item.kind === "event" && Date.parse(item.date) <= publicFrom)) {
    await dropUnstartedFanOut(db, key);
    return;
  }
  const dueAt = new Date(publicFrom + settings.postDelayMinutes * MINUTE);
  await moveFanOut(db, { key, kind: item.kind === "news" ? "post-news" : "post-event", itemId: item.id, dueAt }, now);
}
