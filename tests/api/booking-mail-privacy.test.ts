import { expect, it } from "vitest";
import { book, EVENT_DATE, siteEvent } from "./booking-helpers";
import { makeApi, type TestApi } from "./helpers";
import { TEST_MAIL } from "./mail-subscribers";

/**
 * docs/product.md, 'Bookings', 'The e-mails' and 'Personal data': nobody proves a booking's
 * address is theirs, so no booking e-mail quotes what someone typed on the form.
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
