import type { Kysely } from "kysely";
import type { ContentVersion } from "../store/content-version";
import { claimPublished } from "../store/publishing";
import type { Database } from "../store/schema";
import { reindex } from "../store/search-index";
import { datesPublished } from "../store/series-dates";
import { inTransaction } from "../store/transaction";
import { startRepeating, type RepeatingJob } from "./repeating-job";

/** How often a server looks for scheduled items whose time has come. */
export const PUBLICATION_WATCH_MS = 5_000;
const AT_A_TIME = 50;

/**
 * What follows a scheduled item's publication (docs/product.md, 'Publishing'), done once:
 * the public page cache and the feeds it keeps are made stale, so the item shows on every
 * page within a few seconds of its time, also when the server was down at that moment.
 * It is also when the item joins the search, which never
 * holds what is not yet public. Other reads need none of this: a scheduled item is public
 * from its time at every read, and its e-mail is planned for then when it is saved.
 * Answers how many items it announced.
 */
export async function announcePublished(
  db: Kysely<Database>,
  contentVersion: ContentVersion,
  now: Date,
): Promise<number> {
  // Claimed and indexed together: should the server stop between the two, neither is
  // done, and the next look does both.
  const announced = await inTransaction(db, async (trx) => {
    const news = await claimPublished(trx, "news", now, AT_A_TIME);
    const events = await claimPublished(trx, "events", now, AT_A_TIME);
    await reindex(trx, "news", news, now);
    await reindex(trx, "event", events, now);
    // A date of a series now out changes the series' calendar entry (one EXDATE fewer).
    await datesPublished(trx, events, now);
    return news.length + events.length;
  });
  if (announced > 0) await contentVersion.bump();
  return announced;
}

export function startPublicationWatch(options: {
  db: Kysely<Database>;
  contentVersion: ContentVersion;
  now: () => Date;
  log: (line: string) => void;
}): RepeatingJob {
  return startRepeating(async () => {
    try {
      await announcePublished(options.db, options.contentVersion, options.now());
    } catch (err) {
      // The database away: the next look announces what this one could not.
      options.log(`Looking for scheduled items failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return PUBLICATION_WATCH_MS;
  });
}
