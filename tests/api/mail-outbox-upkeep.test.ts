import { afterEach, expect, it, vi } from "vitest";
import { insertOutboxMessage } from "../../api/store/mail-outbox";
import type { MailState } from "../../api/store/schema";
import { makeApi, tempDataDir, TestClock, type TestApi } from "./helpers";
import { TEST_MAIL } from "./mail-subscribers";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;
let cleanup: () => Promise<void> = async () => undefined;

afterEach(async () => {
  await t.api.close();
  await cleanup();
});

async function message(key: string, state: MailState, dueDaysAgo: number): Promise<void> {
  const now = t.clock.now();
  await insertOutboxMessage(
    t.api.store.db,
    {
      key,
      kind: "test",
      to: `${key}@parents.example`,
      subscriberId: null,
      subject: key,
      text: "Hello",
      html: "<p>Hello</p>",
      listUnsubscribe: null,
      messageId: `<${key}@club.example.org>`,
      dueAt: new Date(now.getTime() - dueDaysAgo * DAY),
    },
    now,
  );
  await t.api.store.db.updateTable("mail_outbox").set({ state }).where("key", "=", key).execute();
}

const keysLeft = async () =>
  (await t.api.store.db.selectFrom("mail_outbox").select("key").orderBy("key").execute()).map((row) => row.key);

it("the daily upkeep deletes the e-mail due over 90 days ago, whatever became of it, except one being sent", async () => {
  const made = await tempDataDir();
  cleanup = made.cleanup;
  t = await makeApi({ dataDir: made.dir, mail: TEST_MAIL });
  // Due 3 days ago, or in 5 days (a retry): all kept by this start's upkeep.
  await message("sent", "sent", 3);
  await message("failed", "failed", 3);
  await message("kept-unsent", "queued", 3);
  await message("sending", "sending", 3);
  await message("retrying", "queued", -5);
  await t.api.close();

  // 92 days on, the server starts again: its upkeep deletes what was due 95 days ago, not 87.
  const later = new TestClock(new Date(t.clock.now().getTime() + 92 * DAY).toISOString());
  t = await makeApi({ dataDir: made.dir, now: later.now, mail: TEST_MAIL });
  await vi.waitFor(async () => {
    expect(await keysLeft()).toEqual(["retrying", "sending"]);
  });
});
