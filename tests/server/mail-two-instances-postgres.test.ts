import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../api/ops/open-store";
import { startSmtp, type TestSmtp } from "../fixtures/smtp";
import { startServing, stop } from "../fixtures/real-server";
import { createDatabase, postgresSettings, queryDatabase } from "../fixtures/test-database";
import { queueRaw } from "./mail-fixtures";

/**
 * docs/product.md, 'E-mail': two instances on one PostgreSQL database drain one outbox
 * together; their claims (FOR UPDATE SKIP LOCKED, under a lease) never overlap, so each
 * message is delivered exactly once.
 */
const COUNT = 1_000;
const SECRET = "one-secret-shared-by-every-instance-0123456789";
let url: string;
let smtp: TestSmtp;

beforeAll(async () => {
  url = await createDatabase();
  smtp = await startSmtp();
  const store = openStore({ postgres: postgresSettings(url) });
  try {
    await queueRaw(store.db, COUNT, new Date());
  } finally {
    await store.db.destroy();
  }
});

afterAll(async () => {
  await smtp.stop();
});

describe("two instances sending from one PostgreSQL outbox", () => {
  it("deliver 1,000 messages, each exactly once", async () => {
    const env = {
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      SMTP_URL: smtp.url,
      SEED_DEMO: "0",
      MAIL_RATE_PER_MINUTE: "10000",
    };
    const [a, b] = await Promise.all([startServing(env), startServing(env)]);
    try {
      await smtp.waitUntil((all) => new Set(all.map((mail) => mail.messageId)).size === COUNT);
    } finally {
      // Each stops after the round under way: a message sent twice would have arrived by then.
      await Promise.all([stop(a), stop(b)]);
    }
    const ids = smtp.messages.map((mail) => mail.messageId);
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    const states = await queryDatabase<{ state: string; n: string }>(
      url,
      "SELECT state, count(*) AS n FROM mail_outbox GROUP BY state",
    );
    expect(states.map((row) => [row.state, Number(row.n)])).toEqual([["sent", COUNT]]);
  });
});
