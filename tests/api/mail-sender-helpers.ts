import { onTestFinished } from "vitest";
import type { ApiOptions } from "../../api";
import type { SenderSettings } from "../../api/mail/sender";
import type { MailSettings } from "../../api/mail/settings";
import { insertOutboxMessage } from "../../api/store/mail-outbox";
import { startSmtp, type TestSmtp } from "../fixtures/smtp";
import { makeApi, type TestApi } from "./helpers";
import { insertSubscribers, manageTokenOf } from "./mail-subscribers";

export const SITE = "https://club.example.org";

export function mailSettings(overrides: Partial<MailSettings> = {}): MailSettings {
  return {
    configured: true,
    from: "club@club.example.org",
    replyTo: "committee@club.example.org",
    siteName: "Oakfield Primary Dads' Club",
    siteUrl: SITE,
    postDelayMinutes: 10,
    timeZone: "Europe/London",
    ...overrides,
  };
}

/**
 * An /api whose sender delivers to a real SMTP server on loopback. It never looks on its
 * own, so the test runs each round itself (api.mailSender.runRound()).
 */
export async function apiWithSmtp(
  sender: Partial<SenderSettings> = {},
  options: Partial<ApiOptions> = {},
): Promise<{ t: TestApi; smtp: TestSmtp }> {
  const smtp = await startSmtp();
  const t = await makeApi({
    mail: mailSettings(),
    mailSender: { smtpUrl: smtp.url, dkim: null, ratePerMinute: 1_000, ...sender },
    ...options,
  });
  onTestFinished(async () => {
    await t.api.close();
    await smtp.stop();
  });
  return { t, smtp };
}

export async function addSubscriber(t: TestApi, email: string): Promise<{ id: number; manageToken: string }> {
  const [id] = await insertSubscribers(t.api.store.db, [
    { email, events: true, createdAt: t.clock.now().toISOString() },
  ]);
  return { id, manageToken: manageTokenOf(email) };
}

/** `count` messages straight into the outbox, keyed `{prefix}:{n}`, due now. */
export async function queueMany(
  t: TestApi,
  count: number,
  prefix = "test",
  subscriber: { id: number; manageToken: string } | null = null,
): Promise<void> {
  for (let n = 0; n < count; n++) {
    await insertOutboxMessage(
      t.api.store.db,
      {
        key: `${prefix}:${n}`,
        kind: "test",
        to: subscriber ? `sub${subscriber.id}@parents.example` : `parent${n}@parents.example`,
        subscriberId: subscriber?.id ?? null,
        subject: `Message ${prefix} ${n}`,
        text: `Hello ${n}`,
        html: `<p>Hello ${n}</p>`,
        listUnsubscribe: subscriber ? `${SITE}/unsubscribe/${subscriber.manageToken}` : null,
        messageId: `<${prefix}-${n}@club.example.org>`,
        dueAt: t.clock.now(),
      },
      t.clock.now(),
    );
  }
}

export interface OutboxRow {
  key: string;
  state: string;
  attempts: number;
  due_at: string;
  last_error: string | null;
  sent_at: string | null;
}

export async function outbox(t: TestApi): Promise<OutboxRow[]> {
  return t.api.store.db
    .selectFrom("mail_outbox")
    .select(["key", "state", "attempts", "due_at", "last_error", "sent_at"])
    .orderBy("id")
    .limit(2_000)
    .execute();
}

export async function states(t: TestApi): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await outbox(t)) counts[row.state] = (counts[row.state] ?? 0) + 1;
  return counts;
}
