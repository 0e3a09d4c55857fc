import type { Kysely } from "kysely";
import { randomId } from "../store/random-id";
import { insertOutboxMessage, type OutboxMessage } from "../store/mail-outbox";
import type { Database } from "../store/schema";
import { renderMail, type MailContent } from "./compose";
import type { MailDeps, MailSettings } from "./settings";

/** The private page where a subscriber changes or stops what they get, and the one-click address. */
export function unsubscribeUrl(settings: MailSettings, manageToken: string): string {
  return `${settings.siteUrl}/unsubscribe/${manageToken}`;
}

/** A Message-ID made once, when queued: a message sent again after a crash keeps it. */
function newMessageId(settings: MailSettings): string {
  const domain = settings.from.slice(settings.from.lastIndexOf("@") + 1) || "localhost";
  return `<${randomId()}@${domain}>`;
}

export interface MailToQueue {
  key: string;
  kind: OutboxMessage["kind"];
  to: string;
  content: MailContent;
  /** For a message to a subscriber: they get List-Unsubscribe and the visible link. */
  subscriber?: { id: number; manageToken: string };
  /** For a message about a booking: it goes when the booking's personal data does. */
  bookingId?: number;
  /** An event's calendar file to send with it (common/event-calendar.ts, with `publish`). */
  calendar?: string | null;
  /** Default: now. */
  dueAt?: Date;
}

/**
 * Writes one message into the outbox (in the caller's transaction when `db` is one) and
 * wakes the sender; nothing here waits on the mail server. Answers false when a message
 * with that key was queued before.
 */
export async function queueMail(
  db: Kysely<Database>,
  mail: MailDeps,
  message: MailToQueue,
  now: Date,
): Promise<boolean> {
  const { settings } = mail;
  const unsubscribe = message.subscriber ? unsubscribeUrl(settings, message.subscriber.manageToken) : null;
  const rendered = renderMail(settings, message.content, unsubscribe);
  const queued = await insertOutboxMessage(
    db,
    {
      key: message.key,
      kind: message.kind,
      to: message.to,
      subscriberId: message.subscriber?.id ?? null,
      bookingId: message.bookingId ?? null,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      calendar: message.calendar,
      listUnsubscribe: unsubscribe,
      messageId: newMessageId(settings),
      dueAt: message.dueAt ?? now,
    },
    now,
  );
  if (queued) mail.wake();
  return queued;
}
