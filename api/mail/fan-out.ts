import type { Kysely } from "kysely";
import { getAdminEvent } from "../store/events";
import {
  advanceFanOut,
  dueFanOuts,
  fanOutCursor,
  finishFanOut,
  insertFanOut,
  recipientsPage,
  type FanOut,
  type MailRecipient,
} from "../store/mail-fan-outs";
import { getAdminNews } from "../store/news";
import type { Database } from "../store/schema";
import type { MailContent } from "./compose";
import { digestContent, readDigestItems } from "./digest";
import { latestDigestWeek } from "./digest-week";
import { queueMail } from "./outbox";
import { eventPostContent, newsPostContent } from "./post-messages";
import type { MailDeps } from "./settings";

/**
 * Subscribers queued per transaction. On SQLite a page holds the event loop while it is
 * written (its driver is synchronous): 50 took 10 to 30 ms on a busy two-core machine,
 * 100 up to 60, past the 50 ms a page of the site may wait. Then the loop is free again.
 */
export const FAN_OUT_PAGE = 50;
/** Fan-outs taken per round; the rest wait for the next round. */
const FAN_OUTS_PER_ROUND = 10;

export interface FanOutStepDeps {
  db: Kysely<Database>;
  mail: MailDeps;
  now: () => Date;
}

/**
 * The step that turns messages to many into outbox rows (docs/product.md, 'E-mail'),
 * run by the sender's worker at the start of each round: makes this week's digest once
 * its Monday 07:00 has passed, then walks every due fan-out's subscribers a page at a
 * time. Each step remembers the digest week it last made, so that row is written once
 * a week by each process, not every few seconds. Safe to run on several instances at
 * once: every message's key is unique, so a page done twice queues nothing twice. The
 * step answers how many messages it queued.
 */
export function makeFanOutStep(): (deps: FanOutStepDeps) => Promise<number> {
  let digestMade: string | null = null;
  return async (deps) => {
    const week = latestDigestWeek(deps.now(), deps.mail.settings.timeZone);
    if (week.key !== digestMade) {
      await insertFanOut(deps.db, { key: week.key, kind: "digest", itemId: null, dueAt: week.dueAt }, deps.now());
      digestMade = week.key;
    }
    let queued = 0;
    for (const fanOut of await dueFanOuts(deps.db, deps.now(), FAN_OUTS_PER_ROUND)) {
      queued += await runFanOut(deps, fanOut);
    }
    return queued;
  };
}

/** The message one subscriber gets from a fan-out; null: none for them. */
type Letter = (to: MailRecipient) => MailContent | null;

/**
 * What a fan-out sends, read now: the item as it is at its due time (a correction made
 * in the delay is what goes out), nothing for an item deleted or unpublished since, or
 * an event no longer to come.
 */
async function letterFor(deps: FanOutStepDeps, fanOut: FanOut): Promise<Letter | null> {
  const { settings } = deps.mail;
  if (fanOut.kind === "digest") {
    const items = await readDigestItems(deps.db, settings, new Date(fanOut.dueAt), deps.now());
    return (to) => digestContent(settings, items, to);
  }
  if (fanOut.itemId === null) return null;
  if (fanOut.kind === "post-news") {
    const item = await getAdminNews(deps.db, fanOut.itemId, deps.now());
    if (item?.status !== "published") return null;
    // Written once: every subscriber gets the same words (queueMail adds each one's own unsubscribe link).
    const content = newsPostContent(settings, item);
    return () => content;
  }
  const event = await getAdminEvent(deps.db, fanOut.itemId, deps.now());
  if (event?.status !== "published" || new Date(event.date).getTime() <= deps.now().getTime()) return null;
  const content = eventPostContent(settings, event);
  return () => content;
}

async function runFanOut(deps: FanOutStepDeps, fanOut: FanOut): Promise<number> {
  const letter = await letterFor(deps, fanOut);
  let queued = 0;
  // The sender is woken once a page is committed, not by each row inside it, when it could not see them yet.
  const inPage: MailDeps = { settings: deps.mail.settings, wake: () => undefined };
  if (letter) {
    const query = {
      frequency: fanOut.kind === "digest" ? ("weekly" as const) : ("posted" as const),
      choice:
        fanOut.kind === "post-news" ? ("news" as const) : fanOut.kind === "post-event" ? ("events" as const) : null,
      limit: FAN_OUT_PAGE,
    };
    for (;;) {
      const page = await deps.db.transaction().execute(async (trx) => {
        const afterId = await fanOutCursor(trx, fanOut.key);
        if (afterId === null) return null;
        const recipients = await recipientsPage(trx, { ...query, afterId });
        for (const to of recipients) {
          const content = letter(to);
          if (!content) continue;
          const made = await queueMail(
            trx,
            inPage,
            {
              key: `${fanOut.key}:subscriber:${to.id}`,
              kind: fanOut.kind === "digest" ? "digest" : "post",
              to: to.email,
              content,
              subscriber: { id: to.id, manageToken: to.manageToken },
            },
            deps.now(),
          );
          if (made) queued++;
        }
        if (recipients.length > 0) await advanceFanOut(trx, fanOut.key, recipients[recipients.length - 1].id);
        return recipients.length;
      });
      if (queued > 0) deps.mail.wake();
      if (page === null) return queued;
      if (page < FAN_OUT_PAGE) break;
      // Between pages the event loop serves everything else waiting.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  await finishFanOut(deps.db, fanOut.key, deps.now());
  return queued;
}
