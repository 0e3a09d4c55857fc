import { afterEach, describe, expect, it, vi } from "vitest";
import { deleteUnconfirmedSubscribers } from "../../api/ops/activity-pruning";
import { CONSENT_TEXT, CONSENT_VERSION } from "../../common/subscriptions";
import { HOUR, json, makeApi, tempDataDir, TestClock, type ErrorJson, type TestApi } from "./helpers";
import { SITE_URL, mailSettings } from "./subscription-helpers";

const MESSAGE = "Check your inbox: we've sent you a link to confirm.";
const MINUTE = 60 * 1000;

let t: TestApi;
afterEach(async () => {
  await t?.api.close();
});

async function start(options: { configured?: boolean } = {}) {
  t = await makeApi({ trustProxy: true, mail: mailSettings(options.configured ?? true) });
  return t;
}

let client = 0;
/** Each call from its own client address unless one is given, so the throttle stays out of the way. */
function subscribe(body: unknown, from = `203.0.113.${++client % 250}`) {
  return t.request("/api/subscriptions", { method: "POST", json: body, headers: { "x-forwarded-for": from } });
}

const choices = { news: true, events: false, frequency: "posted" } as const;

function outbox() {
  return t.api.store.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
}

function subscribers() {
  return t.api.store.db.selectFrom("subscribers").selectAll().orderBy("id").execute();
}

/** The confirmation link's token, as the e-mail gives it. */
function confirmTokenOf(text: string): string {
  const match = new RegExp(`${SITE_URL}/subscribe/confirm/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1];
}

async function subscribeAndConfirm(email: string, body: Partial<typeof choices> = {}) {
  expect((await subscribe({ email, ...choices, ...body })).status).toBe(202);
  const mail = (await outbox()).filter((m) => m.to_address === email).at(-1);
  const res = await t.request(`/api/subscriptions/confirm/${confirmTokenOf(mail!.text_body)}`, { method: "POST" });
  expect(res.status).toBe(200);
  return json<{ manageToken: string }>(res);
}

describe("POST /api/subscriptions", () => {
  it("answers the same for a new, a waiting and a confirmed address", async () => {
    await start();
    await subscribeAndConfirm("confirmed@example.org");
    await subscribe({ email: "waiting@example.org", ...choices });
    t.clock.advance(11 * MINUTE);
    const answers = [];
    for (const email of ["new@example.org", "waiting@example.org", "confirmed@example.org", "CONFIRMED@example.org"]) {
      const res = await subscribe({ email, ...choices });
      answers.push({ status: res.status, body: await res.text() });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 202, body: JSON.stringify({ message: MESSAGE }) });
  });

  it("keeps the consent record and queues one confirmation e-mail holding the link", async () => {
    await start();
    const res = await subscribe({ email: "  Parent@Example.org ", news: true, events: true, frequency: "weekly" });
    expect(res.status).toBe(202);
    const [row] = await subscribers();
    expect(row).toMatchObject({
      email: "Parent@Example.org",
      email_key: "parent@example.org",
      news: 1,
      events: 1,
      frequency: "weekly",
      consent_version: CONSENT_VERSION,
      consent_text: CONSENT_TEXT,
      created_at: "2026-03-01T12:00:00.000Z",
      confirmed_at: null,
      confirmation_sent_at: "2026-03-01T12:00:00.000Z",
    });
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      kind: "confirm",
      key: `confirm:${row.id}:${new Date("2026-03-01T12:00:00.000Z").getTime()}`,
      to_address: "Parent@Example.org",
      subscriber_id: row.id,
      subject: "Confirm your e-mail updates from Oakfield Primary Dads' Club",
      state: "queued",
      list_unsubscribe: `${SITE_URL}/unsubscribe/${row.manage_token}`,
    });
    expect(mail.text_body).toContain("a weekly digest of the club's news and events");
    const token = confirmTokenOf(mail.text_body);
    expect(mail.html_body).toContain(`href="${SITE_URL}/subscribe/confirm/${token}"`);
    // Only the token's hash is kept.
    expect(row.confirm_token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("sends at most one confirmation e-mail per address per 10 minutes, and a later one renews the link", async () => {
    await start();
    await subscribe({ email: "once@example.org", ...choices });
    t.clock.advance(9 * MINUTE);
    expect((await subscribe({ email: "ONCE@example.org", ...choices, events: true })).status).toBe(202);
    expect(await outbox()).toHaveLength(1);
    expect((await subscribers())[0]).toMatchObject({ events: 0 });
    const first = confirmTokenOf((await outbox())[0].text_body);

    t.clock.advance(2 * MINUTE);
    expect((await subscribe({ email: "once@example.org", ...choices, events: true })).status).toBe(202);
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(await subscribers()).toHaveLength(1);
    expect((await subscribers())[0]).toMatchObject({ events: 1, created_at: t.clock.now().toISOString() });
    // The newest link works; the one before it no longer does.
    expect((await t.request(`/api/subscriptions/confirm/${first}`, { method: "POST" })).status).toBe(404);
    const res = await t.request(`/api/subscriptions/confirm/${confirmTokenOf(mails[1].text_body)}`, { method: "POST" });
    expect(res.status).toBe(200);
  });

  it("tells a confirmed address, at most every 10 minutes, with its own link, and changes nothing", async () => {
    await start();
    const { manageToken } = await subscribeAndConfirm("kept@example.org");
    const before = await subscribers();
    t.clock.advance(11 * MINUTE);
    await subscribe({ email: "kept@example.org", news: false, events: true, frequency: "weekly" });
    await subscribe({ email: "kept@example.org", news: false, events: true, frequency: "weekly" });
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({
      to_address: "kept@example.org",
      subject: "You already get e-mail updates from Oakfield Primary Dads' Club",
    });
    expect(mails[1].text_body).toContain(`${SITE_URL}/unsubscribe/${manageToken}`);
    expect(mails[1].text_body).not.toContain("/subscribe/confirm/");
    const after = await subscribers();
    expect(after.map(({ confirmation_sent_at: _, ...rest }) => rest)).toEqual(
      before.map(({ confirmation_sent_at: _, ...rest }) => rest),
    );
  });

  it("makes one row and one e-mail when the same address is sent several times at once", async () => {
    await start();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        subscribe({ email: i % 2 ? "SAME@example.org" : "same@example.org", ...choices }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 202, 202]);
    expect(await subscribers()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });

  it("checks the body, naming the field", async () => {
    await start();
    const cases: [unknown, string, string][] = [
      [{ ...choices }, "email", "email: is required"],
      [{ ...choices, email: "not an address" }, "email", "email: must be an email address"],
      [{ ...choices, email: `${"a".repeat(243)}@example.org` }, "email", "email: must be at most 254 characters"],
      [{ ...choices, email: "a@example.org\r\nBcc: b@example.org" }, "email", "email: must be one line"],
      [{ ...choices, email: "a@example.org", news: "yes" }, "news", "news: must be true or false"],
      [{ ...choices, email: "a@example.org", news: false }, "news", "news: choose News, Events or both"],
      [
        { ...choices, email: "a@example.org", frequency: "daily" },
        "frequency",
        'frequency: must be "posted" or "weekly"',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(body);
      expect(res.status).toBe(400);
      expect(await json<ErrorJson>(res)).toMatchObject({ field, message });
    }
    expect(await subscribers()).toHaveLength(0);
  });

  it("throttles each client address, whatever addresses it types", async () => {
    await start();
    for (let i = 0; i < 10; i++) {
      expect((await subscribe({ email: `p${i}@example.org`, ...choices }, "198.51.100.7")).status).toBe(202);
    }
    const refused = await subscribe({ email: "p10@example.org", ...choices }, "198.51.100.7");
    expect(refused.status).toBe(429);
    expect((await json<ErrorJson>(refused)).message).toMatch(/^Too many subscriptions from your network/);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another client is not held back, and the window passes.
    expect((await subscribe({ email: "p10@example.org", ...choices }, "198.51.100.8")).status).toBe(202);
    t.clock.advance(16 * MINUTE);
    expect((await subscribe({ email: "p11@example.org", ...choices }, "198.51.100.7")).status).toBe(202);
    expect(await subscribers()).toHaveLength(12);
  });

  it("answers 503 and keeps nothing when e-mail is not set up", async () => {
    await start({ configured: false });
    const res = await subscribe({ email: "a@example.org", ...choices });
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ message: "E-mail updates are not available." });
    expect(await subscribers()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });
});

describe("confirming", () => {
  it("confirms once and answers the choices; a dead link is 404", async () => {
    await start();
    await subscribe({ email: "c@example.org", news: false, events: true, frequency: "weekly" });
    const token = confirmTokenOf((await outbox())[0].text_body);
    t.clock.advance(HOUR);
    // A GET (what a mail scanner does) shows what is to be confirmed and changes nothing.
    const read = await t.request(`/api/subscriptions/confirm/${token}`);
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual({
      email: "c@example.org",
      news: false,
      events: true,
      frequency: "weekly",
      confirmed: false,
    });
    expect((await subscribers())[0]).toMatchObject({ confirmed_at: null });
    const res = await t.request(`/api/subscriptions/confirm/${token}`, { method: "POST" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ email: "c@example.org", news: false, events: true, frequency: "weekly" });
    expect((await subscribers())[0]).toMatchObject({
      confirmed_at: t.clock.now().toISOString(),
      confirm_token_hash: null,
    });
    for (const dead of [token, "x".repeat(43), "short"]) {
      for (const method of ["GET", "POST"]) {
        const again = await t.request(`/api/subscriptions/confirm/${dead}`, { method });
        expect(again.status).toBe(404);
        expect(await json(again)).toEqual({ message: "This link no longer works." });
      }
    }
  });
});

describe("the manage link", () => {
  it("reads, changes and deletes the choices; the queued messages go with the address", async () => {
    await start();
    const { manageToken } = await subscribeAndConfirm("m@example.org");
    const path = `/api/subscriptions/${manageToken}`;
    const read = await t.request(path);
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual({ email: "m@example.org", ...choices, confirmed: true });

    const put = await t.request(path, { method: "PUT", json: { news: true, events: true, frequency: "weekly" } });
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({
      email: "m@example.org",
      news: true,
      events: true,
      frequency: "weekly",
      confirmed: true,
    });
    expect((await subscribers())[0]).toMatchObject({ news: 1, events: 1, frequency: "weekly" });

    const bad = await t.request(path, { method: "PUT", json: { news: false, events: false, frequency: "weekly" } });
    expect(bad.status).toBe(400);
    expect(await json<ErrorJson>(bad)).toMatchObject({ field: "news" });

    expect(await outbox()).toHaveLength(1);
    const del = await t.request(path, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(await subscribers()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await t.request(path, { method, json: method === "PUT" ? choices : undefined });
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ message: "This link no longer works." });
    }
  });
});

describe("the daily upkeep", () => {
  it("forgets addresses not confirmed within 7 days, and keeps the confirmed", async () => {
    await start();
    await subscribeAndConfirm("stays@example.org");
    await subscribe({ email: "goes@example.org", ...choices });
    t.clock.advance(3 * 24 * HOUR);
    await subscribe({ email: "younger@example.org", ...choices });
    t.clock.advance(4 * 24 * HOUR + MINUTE);
    expect(await deleteUnconfirmedSubscribers(t.api.store.db, t.clock.now(), 1)).toBe(1);
    expect((await subscribers()).map((s) => s.email)).toEqual(["stays@example.org", "younger@example.org"]);
    expect((await outbox()).map((m) => m.to_address)).toEqual(["stays@example.org", "younger@example.org"]);
  });

  it("is done by the daily maintenance from the start", async () => {
    const { dir, cleanup } = await tempDataDir();
    try {
      t = await makeApi({ dataDir: dir, trustProxy: true, mail: mailSettings(true) });
      await subscribe({ email: "old@example.org", ...choices });
      await t.api.close();
      const later = new TestClock("2026-03-08T12:01:00.000Z");
      t = await makeApi({ dataDir: dir, now: later.now, mail: mailSettings(true) });
      await vi.waitFor(async () => {
        expect(await subscribers()).toEqual([]);
      });
    } finally {
      await t.api.close();
      await cleanup();
    }
  });
});
