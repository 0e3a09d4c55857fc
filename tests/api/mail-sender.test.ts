import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { describe, expect, it } from "vitest";
import { queueMail } from "../../api/mail/outbox";
import { readMailStatus } from "../../api/store/mail-outbox";
import { makeApi } from "./helpers";
import { addSubscriber, apiWithSmtp, mailSettings, outbox, queueMany, SITE, states } from "./mail-sender-helpers";
import { startSmtp } from "../fixtures/smtp";

const MINUTE = 60_000;

describe("the sender (docs/product.md, 'E-mail')", () => {
  it("delivers a queued message with its own Message-ID, From, Reply-To, both parts and the RFC 8058 headers", async () => {
    const { t, smtp } = await apiWithSmtp();
    const subscriber = await addSubscriber(t, "dad@parents.example");
    const queued = await queueMail(
      t.api.store.db,
      { settings: mailSettings(), wake: () => undefined },
      {
        key: "post:news:1:subscriber:1",
        kind: "post",
        to: "dad@parents.example",
        content: { subject: "Sports day", intro: ["Sports day is on Friday."] },
        subscriber,
      },
      t.clock.now(),
    );
    expect(queued).toBe(true);
    await t.api.mailSender.runRound();
    const [mail] = await smtp.waitFor(1);
    const row = await t.api.store.db
      .selectFrom("mail_outbox")
      .select(["message_id", "state", "attempts", "sent_at"])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "sent", attempts: 1, sent_at: t.clock.now().toISOString() });
    expect(mail.messageId).toBe(row.message_id);
    expect(mail.to).toEqual(["dad@parents.example"]);
    expect(mail.parsed.from?.value).toEqual([
      { name: "Oakfield Primary Dads' Club", address: "club@club.example.org" },
    ]);
    expect(mail.parsed.replyTo?.value[0].address).toBe("committee@club.example.org");
    expect(mail.parsed.subject).toBe("Sports day");
    expect(mail.parsed.text).toContain("Sports day is on Friday.");
    expect(mail.parsed.html).toContain("Sports day is on Friday.");
    // Header lines unfolded, as a mail client reads them.
    const raw = mail.raw.toString("utf8").replace(/\r\n[ \t]+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: <${SITE}/unsubscribe/${subscriber.manageToken}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect((await readMailStatus(t.api.store.db)).lastSentAt).toBe(t.clock.now().toISOString());
  });

  it("signs with DKIM for MAIL_FROM's domain, covering List-Unsubscribe and List-Unsubscribe-Post, and the signature verifies", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const { t, smtp } = await apiWithSmtp({
      dkim: { domainName: "club.example.org", keySelector: "club2026", privateKey: pem },
    });
    const subscriber = await addSubscriber(t, "dad@parents.example");
    await queueMany(t, 1, "signed", subscriber);
    await t.api.mailSender.runRound();
    const [mail] = await smtp.waitFor(1);
    const published = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const asked: string[] = [];
    const result = await dkimVerify(mail.raw, {
      resolver: async (name: string) => {
        asked.push(name);
        return [[`v=DKIM1; k=rsa; p=${published}`]];
      },
    });
    expect(asked).toEqual(["club2026._domainkey.club.example.org"]);
    expect(result.results).toHaveLength(1);
    const [signature] = result.results;
    expect(signature.status.result).toBe("pass");
    expect(signature.signingDomain).toBe("club.example.org");
    // mailauth's result names the signed fields (h=), not in its type declarations.
    const signed = (signature as { signingHeaders?: { keys?: string } }).signingHeaders?.keys ?? "";
    expect(signed.toLowerCase().split(/:\s*/)).toEqual(
      expect.arrayContaining(["from", "subject", "message-id", "list-unsubscribe", "list-unsubscribe-post"]),
    );
  });

  it("a 4xx is tried again after 1 min, 5 min, 30 min, 2 h and 12 h, then the message fails", async () => {
    const { t, smtp } = await apiWithSmtp();
    smtp.failNext(451, 6);
    await queueMany(t, 1);
    const start = t.clock.now().getTime();
    await t.api.mailSender.runRound();
    for (const [attempts, waitMinutes] of [
      [1, 1],
      [2, 5],
      [3, 30],
      [4, 120],
      [5, 720],
    ]) {
      const [row] = await outbox(t);
      expect(row).toMatchObject({ state: "queued", attempts });
      expect(row.last_error).toContain("451");
      const due = new Date(row.due_at).getTime();
      expect(due - t.clock.now().getTime()).toBe(waitMinutes * MINUTE);
      // A moment early: nothing is tried.
      t.clock.advance(waitMinutes * MINUTE - 1_000);
      await t.api.mailSender.runRound();
      expect((await outbox(t))[0].attempts).toBe(attempts);
      t.clock.advance(1_000);
      await t.api.mailSender.runRound();
    }
    const [row] = await outbox(t);
    expect(row).toMatchObject({ state: "failed", attempts: 6 });
    expect(t.clock.now().getTime() - start).toBe((1 + 5 + 30 + 120 + 720) * MINUTE);
    expect(smtp.messages).toHaveLength(0);
    const status = await readMailStatus(t.api.store.db);
    expect(status.lastError?.message).toContain("451");
  });

  it("a 4xx then success delivers the message once", async () => {
    const { t, smtp } = await apiWithSmtp();
    smtp.failNext(450, 1);
    await queueMany(t, 1);
    await t.api.mailSender.runRound();
    t.clock.advance(MINUTE);
    await t.api.mailSender.runRound();
    expect(await outbox(t)).toMatchObject([{ state: "sent", attempts: 2 }]);
    expect((await smtp.waitFor(1)).map((mail) => mail.messageId)).toEqual(["<test-0@club.example.org>"]);
  });

  it("a 5xx fails at once; a second hard bounce stops the address and cancels its queued messages", async () => {
    const { t, smtp } = await apiWithSmtp();
    const subscriber = await addSubscriber(t, "gone@parents.example");
    smtp.failNext(550, 1);
    await queueMany(t, 1, "first", subscriber);
    await t.api.mailSender.runRound();
    expect(await outbox(t)).toMatchObject([{ state: "failed", attempts: 1 }]);
    expect((await outbox(t))[0].last_error).toContain("550");
    let stored = await t.api.store.db
      .selectFrom("subscribers")
      .select(["hard_bounces", "stopped_at"])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ hard_bounces: 1, stopped_at: null });

    // Later, the next one bounces too, while two more wait to be sent.
    t.clock.advance(MINUTE);
    smtp.failNext(550, 1);
    await queueMany(t, 1, "second", subscriber);
    await t.api.mailSender.runRound();
    await queueMany(t, 2, "third", subscriber);
    await t.api.mailSender.runRound();
    stored = await t.api.store.db
      .selectFrom("subscribers")
      .select(["hard_bounces", "stopped_at"])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ hard_bounces: 2, stopped_at: t.clock.now().toISOString() });
    const rows = await outbox(t);
    expect(rows.map((row) => [row.key, row.state])).toEqual([
      ["first:0", "failed"],
      ["second:0", "failed"],
      ["third:0", "cancelled"],
      ["third:1", "cancelled"],
    ]);
    expect(rows[2].last_error).toMatch(/Not sent/);
    expect(smtp.messages).toHaveLength(0);
  });

  it("with the SMTP server down for a while, then back, every message is delivered once", async () => {
    const { t, smtp } = await apiWithSmtp();
    await queueMany(t, 30);
    await smtp.refuse();
    await t.api.mailSender.runRound();
    // The server is down: the one message tried learnt it and is tried again in a minute;
    // the rest wait untouched.
    expect(await states(t)).toEqual({ queued: 30 });
    expect((await outbox(t)).filter((row) => row.attempts > 0)).toHaveLength(1);
    t.clock.advance(MINUTE);
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ queued: 30 });
    expect((await readMailStatus(t.api.store.db)).lastError).not.toBeNull();

    await smtp.accept();
    await t.api.mailSender.runRound();
    t.clock.advance(5 * MINUTE);
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ sent: 30 });
    const ids = (await smtp.waitFor(30)).map((mail) => mail.messageId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it("sends at most MAIL_RATE_PER_MINUTE messages a minute", async () => {
    const { t, smtp } = await apiWithSmtp({ ratePerMinute: 10 });
    await queueMany(t, 25);
    await t.api.mailSender.runRound();
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ sent: 10, queued: 15 });
    t.clock.advance(59_000);
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ sent: 10, queued: 15 });
    t.clock.advance(1_001);
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ sent: 20, queued: 5 });
    t.clock.advance(MINUTE);
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ sent: 25 });
    expect(new Set((await smtp.waitFor(25)).map((mail) => mail.messageId)).size).toBe(25);
  });

  it("a message claimed by a sender that died is sent again once its lease has passed, with the same Message-ID", async () => {
    const { t, smtp } = await apiWithSmtp();
    // A first round: on SQLite it takes back what a previous process left claimed, once.
    await t.api.mailSender.runRound();
    await queueMany(t, 1);
    // As a process killed mid-send leaves it (another instance on PostgreSQL): claimed, never finished.
    await t.api.store.db
      .updateTable("mail_outbox")
      .set({
        state: "sending",
        claimed_by: "dead",
        claimed_until: new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString(),
      })
      .execute();
    await t.api.mailSender.runRound();
    expect(smtp.messages).toHaveLength(0);
    t.clock.advance(5 * MINUTE);
    await t.api.mailSender.runRound();
    expect(await states(t)).toEqual({ sent: 1 });
    expect((await smtp.waitFor(1))[0].messageId).toBe("<test-0@club.example.org>");
  });

  it("without SMTP_URL nothing is claimed or sent: messages stay queued", async () => {
    const smtp = await startSmtp();
    const t = await makeApi({ mail: mailSettings({ configured: false }) });
    try {
      await queueMany(t, 3);
      await t.api.mailSender.runRound();
      expect(await states(t)).toEqual({ queued: 3 });
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await t.api.close();
      await smtp.stop();
    }
  });
});
