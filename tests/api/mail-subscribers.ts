import type { Kysely } from "kysely";
import { afterEach, beforeEach } from "vitest";
import { makeFanOutStep } from "../../api/mail/fan-out";
import type { Database } from "../../api/store/schema";
import { unconfiguredMail } from "../../api/mail/settings";
import type { MailSettings } from "../../api/mail/settings";
import { makeApi, type TestApi } from "./helpers";

/** The mail settings the fan-out tests run with: a club at https://club.example, in London. */
export const TEST_MAIL: MailSettings = {
  ...unconfiguredMail("https://club.example", "Oakfield Dads"),
  postDelayMinutes: 10,
  timeZone: "Europe/London",
};

export interface TestSubscriber {
  email: string;
  news?: boolean;
  events?: boolean;
  frequency?: "posted" | "weekly";
  confirmed?: boolean;
  stopped?: boolean;
  hardBounces?: number;
  consentText?: string;
  /** When they subscribed (and confirmed, unless `confirmed` is false). */
  createdAt?: string;
}

/** The private link's token insertSubscribers gives an address. */
export const manageTokenOf = (email: string) => `manage-${email}`;

/**
 * Subscribers written straight into the table (the tests of what reads them need every
 * state), in the order given, so their ids rise with it. Answers their ids.
 */
export async function insertSubscribers(db: Kysely<Database>, subscribers: TestSubscriber[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < subscribers.length; start += 100) {
    const rows = await db
      .insertInto("subscribers")
      .values(
        subscribers.slice(start, start + 100).map((s) => {
          const at = s.createdAt ?? "2026-01-01T00:00:00.000Z";
          return {
            email: s.email,
            email_key: s.email.toLowerCase(),
            news: s.news === false ? 0 : 1,
            events: s.events ? 1 : 0,
            frequency: s.frequency ?? "posted",
            manage_token: manageTokenOf(s.email),
            confirm_token_hash: s.confirmed === false ? `hash-${s.email}` : null,
            consent_version: "2026-11",
            consent_text: s.consentText ?? "We use your address only to send what you chose.",
            created_at: at,
            confirmed_at: s.confirmed === false ? null : at,
            hard_bounces: s.hardBounces ?? 0,
            stopped_at: s.stopped ? "2026-01-02T00:00:00.000Z" : null,
          };
        }),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export interface OutboxRow {
  key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  list_unsubscribe: string | null;
  subscriber_id: number | null;
  due_at: string;
}

/** The outbox rows whose key starts with `prefix`, by key. */
export async function outboxRows(db: Kysely<Database>, prefix: string): Promise<OutboxRow[]> {
  return db
    .selectFrom("mail_outbox")
    .select([
      "key",
      "kind",
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "list_unsubscribe",
      "subscriber_id",
      "due_at",
    ])
    .where("key", "like", `${prefix}%`)
    .orderBy("key")
    .limit(5000)
    .execute();
}

export interface MailApi {
  t: TestApi;
  /** An administrator's token. */
  token: string;
  /** How often the fan-out step woke the sender: after rows are committed, so it finds them at once. */
  wakes: number;
  /**
   * The sender's fan-out step on the test's clock: made once for each test, as a sender
   * makes it once. `db` may be another handle on the same data (one that watches it).
   */
  step(db?: Kysely<Database>): Promise<number>;
}

/**
 * For each test of a file: a fresh /api with e-mail set up as TEST_MAIL and an
 * administrator's token (read them inside the tests), and the sender's fan-out step.
 */
export function mailApiEachTest(): MailApi {
  const api = { wakes: 0 } as MailApi;
  let fanOut = makeFanOutStep();
  beforeEach(async () => {
    api.t = await makeApi({ mail: TEST_MAIL });
    api.token = await api.t.login();
    api.wakes = 0;
    fanOut = makeFanOutStep();
  });
  afterEach(() => api.t.api.close());
  api.step = (db = api.t.api.store.db) =>
    fanOut({
      db,
      mail: {
        settings: TEST_MAIL,
        wake: () => {
          api.wakes++;
        },
      },
      now: api.t.clock.now,
    });
  return api;
}
