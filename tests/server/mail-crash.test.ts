import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../api/ops/open-store";
import { migrateToLatest } from "../../api/store/migrations";
import { startSmtp, type TestSmtp } from "../fixtures/smtp";
import { startServing, stop } from "../fixtures/real-server";
import { queueRaw } from "./mail-fixtures";

/**
 * docs/product.md, 'E-mail': the outbox survives `kill -9`. The SMTP server holds its
 * answer to the messages after the 100th, so at the kill some are in flight: arrived,
 * but the sender never heard they were. After the restart every message is delivered;
 * the only duplicates are those in flight, and they keep their Message-ID.
 */
const COUNT = 500;
let dataDir: string;
let smtp: TestSmtp;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "mail-crash-"));
  smtp = await startSmtp();
  const store = openStore({ dataDir });
  try {
    await migrateToLatest(store.db);
    await queueRaw(store.db, COUNT, new Date());
  } finally {
    await store.db.destroy();
  }
});

afterAll(async () => {
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the sender and kill -9", () => {
  it("delivers all 500 messages after a restart, with duplicates only for those in flight at the kill", async () => {
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, SEED_DEMO: "0", MAIL_RATE_PER_MINUTE: "10000" };
    smtp.holdAfter(100);
    const first = await startServing(env);
    const inFlight = await smtp.waitFor(101);
    first.child.kill("SIGKILL");
    await first.exited;
    smtp.release();
    const arrivedBeforeKill = new Set(smtp.messages.map((mail) => mail.messageId));
    expect(arrivedBeforeKill.size).toBeGreaterThan(100);
    expect(arrivedBeforeKill.size).toBeLessThan(COUNT);
    expect(inFlight.length).toBeGreaterThan(100);

    const second = await startServing(env);
    try {
      await smtp.waitUntil((all) => new Set(all.map((mail) => mail.messageId)).size === COUNT);
    } finally {
      expect(await stop(second)).toBe(0);
    }
    const store = openStore({ dataDir });
    const rows = await store.db
      .selectFrom("mail_outbox")
      .select(["message_id", "state"])
      .limit(COUNT + 1)
      .execute();
    await store.db.destroy();
    expect(rows).toHaveLength(COUNT);
    expect(rows.every((row) => row.state === "sent")).toBe(true);

    const times = new Map<string, number>();
    for (const mail of smtp.messages) times.set(mail.messageId, (times.get(mail.messageId) ?? 0) + 1);
    expect([...times.keys()].sort()).toEqual(rows.map((row) => row.message_id).sort());
    const duplicated = [...times].filter(([, n]) => n > 1);
    // Each duplicate was one arriving when the process died (held, unanswered): at most the
    // pool's two connections' worth, each sent twice, never more.
    expect(duplicated.length).toBeGreaterThanOrEqual(1);
    expect(duplicated.length).toBeLessThanOrEqual(2);
    for (const [id, n] of duplicated) {
      expect(n).toBe(2);
      expect(smtp.messages.findIndex((mail) => mail.messageId === id)).toBeGreaterThanOrEqual(100);
    }
    expect(smtp.messages.length).toBe(COUNT + duplicated.length);
  });
});
