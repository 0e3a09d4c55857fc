import { expect, it, vi } from "vitest";
import { linkBookingMessages } from "../../api/store/migrations/015_booking_mail";
import { startSmtp } from "../fixtures/smtp";
import { book, EVENT_DATE, siteEvent } from "./booking-helpers";
import { json, makeApi, tempDataDir, TestClock, type TestApi } from "./helpers";
import { mailSettings } from "./mail-sender-helpers";
import { TEST_MAIL } from "./mail-subscribers";

/**
 * docs/product.md, 'Bookings', 'The e-mails' and 'Personal data': nobody proves a booking's
 * address is theirs, so no booking e-mail quotes what someone typed on the form; and once
 * the bookings are emptied, BOOKING_RETENTION_DAYS after the event, so are their e-mails:
 * the outbox and the Mail screen hold neither the name nor the address.
 */
const DAY = 24 * 60 * 60 * 1000;

const bookingMessages = (t: TestApi) =>
  t.api.store.db
    .selectFrom("mail_outbox")
    .select(["key", "to_address", "subject", "text_body", "html_body"])
    .where("kind", "=", "booking")
    .orderBy("id")
    .execute();

it("no booking e-mail quotes the names or anything else typed: each greets 'Hello,'", async () => {
  const t = await makeApi({ mail: TEST_MAIL, trustProxy: true });
  try {
    t.clock.current = new Date("2026-03-01T12:00:00.000Z");
    const api = { t, token: await t.login() };
    const id = await siteEvent(api, { places: 2, askChild: true });
    const typed = { childName: "Avaline", childClass: "Robins", adults: 1, children: 1 };
    await book(api, id, { ...typed, name: "Your place is void call Sam" });
    await book(api, id, { name: "Bertram Quill", childName: "Zephyrine", childClass: "Owls", adults: 1, children: 1 });
    t.clock.advance(10 * 60_000);
    const [first] = await t.api.store.db.selectFrom("bookings").select(["id", "email"]).orderBy("id").execute();
    await t.request("/api/bookings/resend", { method: "POST", json: { eventId: id, email: first.email } });
    // The first is cancelled: the second family is let in; then the reminder two days before.
    const cancelled = await t.request(`/api/admin/bookings/${first.id}`, { method: "DELETE", token: api.token });
    expect(cancelled.status).toBe(200);
    t.clock.current = new Date(Date.parse(EVENT_DATE) - 2 * DAY);
    await t.api.mailSender.runRound();

    const messages = await bookingMessages(t);
    expect(messages.map((message) => message.key.split(":")[0])).toEqual([
      "booking-placed",
      "booking-placed",
      "booking-link",
      "booking-admitted",
      "booking-reminder",
    ]);
    for (const message of messages) {
      const everything = [message.subject, message.text_body, message.html_body].join("\n");
      for (const words of ["place is void", "Sam", "Avaline", "Robins", "Bertram", "Quill", "Zephyrine", "Owls"]) {
        expect(everything, message.key).not.toContain(words);
      }
      expect(message.text_body, message.key).toContain("Hello,\n");
    }
  } finally {
    await t.api.close();
  }
});

it("BOOKING_RETENTION_DAYS after the event its e-mails go with the names and addresses: the Mail screen shows none", async () => {
  const made = await tempDataDir();
  const smtp = await startSmtp();
  try {
    const options = { dataDir: made.dir, trustProxy: true, bookingRetentionDays: 30 };
    let t = await makeApi({
      ...options,
      mail: mailSettings(),
      mailSender: { smtpUrl: smtp.url, dkim: null, ratePerMinute: 1_000 },
    });
    t.clock.current = new Date("2026-03-01T12:00:00.000Z");
    const api = { t, token: await t.login() };
    const id = await siteEvent(api, { places: 1 });
    await book(api, id, { name: "Sam Patel", email: "sam.patel@example.org", adults: 1, children: 0 });
    await book(api, id, { name: "Kim Lee", email: "kim.lee@example.org", adults: 1, children: 0 });
    await t.api.mailSender.runRound();
    await smtp.waitFor(2);
    // One sent, one still waiting to go, one failed for good: none is kept.
    t.clock.advance(10 * 60_000);
    await t.request("/api/bookings/resend", { method: "POST", json: { eventId: id, email: "kim.lee@example.org" } });
    await t.api.store.db
      .updateTable("mail_outbox")
      .set({ state: "failed" })
      .where("to_address", "=", "kim.lee@example.org")
      .where("key", "like", "booking-placed:%")
      .execute();
    const test = await t.request("/api/admin/mail/test", {
      method: "POST",
      token: api.token,
      json: { to: "committee@example.org" },
    });
    expect(test.status).toBe(202);
    await t.api.close();

    const mailScreen = async (at: number) => {
      t = await makeApi({ ...options, now: new TestClock(new Date(at).toISOString()).now, mail: TEST_MAIL });
      const token = await t.login();
      return async () => {
        const res = await t.request("/api/admin/mail/outbox", { token });
        expect(res.status).toBe(200);
        return JSON.stringify(await json(res));
      };
    };
    // 29 days after the event: the Mail screen still shows whom the messages went to.
    let outbox = await mailScreen(Date.parse(EVENT_DATE) + 29 * DAY);
    expect(await outbox()).toContain("sam.patel@example.org");
    await t.api.close();

    // 31 days after: the upkeep at start empties the bookings, and their e-mails go.
    outbox = await mailScreen(Date.parse(EVENT_DATE) + 31 * DAY);
    await vi.waitFor(async () => {
      const [booking] = await t.api.store.db
        .selectFrom("bookings")
        .select("email")
        .where("event_id", "=", id)
        .execute();
      expect(booking.email).toBeNull();
    });
    const screen = await outbox();
    const rows = JSON.stringify(await t.api.store.db.selectFrom("mail_outbox").selectAll().execute());
    for (const personal of ["sam.patel@example.org", "kim.lee@example.org", "Sam Patel", "Kim Lee"]) {
      expect(screen).not.toContain(personal);
      expect(rows).not.toContain(personal);
    }
    expect(await bookingMessages(t)).toEqual([]);
    // Other e-mail is kept its 90 days.
    expect(screen).toContain("committee@example.org");
    await t.api.close();
  } finally {
    await smtp.stop();
    await made.cleanup();
  }
});

it("a booking's e-mails queued before their booking was written beside them are found by their key", async () => {
  const t = await makeApi({ mail: TEST_MAIL, trustProxy: true });
  try {
    const api = { t, token: await t.login() };
    const id = await siteEvent(api);
    await book(api, id, { email: "sam@example.org" });
    await book(api, id, { email: "kim@example.org" });
    t.clock.advance(10 * 60_000);
    await t.request("/api/bookings/resend", { method: "POST", json: { eventId: id, email: "kim@example.org" } });
    await t.request("/api/admin/mail/test", { method: "POST", token: api.token, json: { to: "c@example.org" } });
    const { db } = t.api.store;
    const linked = () => db.selectFrom("mail_outbox").select(["key", "booking_id"]).orderBy("id").execute();
    const before = await linked();
    expect(before.filter((row) => row.booking_id !== null)).toHaveLength(3);

    await db.updateTable("mail_outbox").set({ booking_id: null }).execute();
    await linkBookingMessages(db);
    expect(await linked()).toEqual(before);
  } finally {
    await t.api.close();
  }
});
