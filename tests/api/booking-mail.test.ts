import { expect, it, vi } from "vitest";
import { readCalendar } from "../fixtures/ical";
import type { ReceivedMail } from "../fixtures/smtp";
import { book, EVENT_DATE, siteEvent, tokenOf, type Placed } from "./booking-helpers";
import { json, makeApi, tempDataDir, TestClock } from "./helpers";
import { apiWithSmtp } from "./mail-sender-helpers";
import { TEST_MAIL } from "./mail-subscribers";

const DAY = 24 * 60 * 60 * 1000;

/** The calendar files a message carries, as a calendar app reads them (ical.js). */
const calendarsIn = (mail: ReceivedMail) =>
  mail.parsed.attachments
    .filter((part) => /^(text\/calendar|application\/ics)$/.test(part.contentType))
    .map((part) => ({ type: part.contentType, ...readCalendar(part.content.toString("utf8")) }));

it("the e-mails arrive over SMTP: booked with the private link, a place come up, and the reminder two days before", async () => {
  const { t, smtp } = await apiWithSmtp({}, { trustProxy: true });
  t.clock.current = new Date("2026-03-01T12:00:00.000Z");
  const api = { t, token: await t.login() };
  const id = await siteEvent(api, { places: 2 });
  const first = await json<Placed>(await book(api, id, { email: "first@example.org", adults: 1, children: 1 }));
  const second = await json<Placed>(await book(api, id, { email: "second@example.org", adults: 2, children: 0 }));
  expect(second).toMatchObject({ status: "waiting", position: 1 });
  await t.api.mailSender.runRound();
  const [booked, waiting] = await smtp.waitFor(2);
  expect(booked.to).toEqual(["first@example.org"]);
  expect(booked.parsed.subject).toBe("You're booked: 1 adult, 1 child for Bike ride");
  expect(booked.parsed.text).toContain(first.url);
  expect(booked.parsed.text).toContain("Keep this link: it lets you change or cancel your booking");
  expect(waiting.parsed.subject).toBe("You're on the waiting list (number 1) for Bike ride");

  // "You're booked" carries the event for the family's calendar, as iMIP has it (a
  // text/calendar part, and the same file attached); a place on the waiting list does not.
  const calendars = calendarsIn(booked);
  expect(calendars.map((calendar) => calendar.type)).toEqual(["text/calendar", "text/calendar"]);
  for (const calendar of calendars) {
    expect(calendar.props.method).toBe("PUBLISH");
    expect(calendar.events).toEqual([
      expect.objectContaining({
        uid: `event-${id}@club.example.org`,
        summary: "Bike ride",
        start: EVENT_DATE,
        tzid: "Europe/London",
        url: `https://club.example.org/events/${id}`,
        description: expect.stringContaining(`Book: https://club.example.org/events/${id}/book`),
      }),
    ]);
  }
  expect(calendarsIn(waiting)).toEqual([]);

  // The first family cancels: the second is let in, and told.
  expect((await t.request(`/api/bookings/${tokenOf(first)}`, { method: "DELETE" })).status).toBe(200);
  await t.api.mailSender.runRound();
  const [, , admitted] = await smtp.waitFor(3);
  expect(admitted.to).toEqual(["second@example.org"]);
  expect(admitted.parsed.subject).toBe("A place has come up: you're booked for Bike ride");
  expect(calendarsIn(admitted).map((calendar) => calendar.events[0].summary)).toEqual(["Bike ride", "Bike ride"]);

  // Two days before the event (10:00 on 8 March), once: to the confirmed family only.
  t.clock.current = new Date(Date.parse(EVENT_DATE) - 2 * DAY - 1);
  await t.api.mailSender.runRound();
  t.clock.current = new Date(Date.parse(EVENT_DATE) - 2 * DAY);
  await t.api.mailSender.runRound();
  await t.api.mailSender.runRound();
  const all = await smtp.waitFor(4);
  expect(all.slice(3).map((m) => [m.to[0], m.parsed.subject])).toEqual([
    ["second@example.org", "See you soon: Bike ride"],
  ]);
  expect(smtp.messages).toHaveLength(4);
});

it("BOOKING_RETENTION_DAYS after the event the daily upkeep empties names, addresses and links; the numbers stay", async () => {
  const made = await tempDataDir();
  try {
    let t = await makeApi({ dataDir: made.dir, mail: TEST_MAIL, trustProxy: true, bookingRetentionDays: 30 });
    t.clock.current = new Date("2026-03-01T12:00:00.000Z");
    const api = { t, token: await t.login() };
    const id = await siteEvent(api, { places: 10, askChild: true });
    const placed = await json<Placed>(
      await book(api, id, { name: "Sam Patel", adults: 2, children: 1, childName: "Ava", childClass: "Year 2" }),
    );
    await t.api.close();

    // 29 days after: kept. 31 days after: emptied, by the upkeep that runs at start.
    const soon = new TestClock(new Date(Date.parse(EVENT_DATE) + 29 * DAY).toISOString());
    t = await makeApi({ dataDir: made.dir, now: soon.now, mail: TEST_MAIL, bookingRetentionDays: 30 });
    const row = () =>
      t.api.store.db.selectFrom("bookings").selectAll().where("event_id", "=", id).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ name: "Sam Patel", child_name: "Ava" });
    await t.api.close();
    const later = new TestClock(new Date(Date.parse(EVENT_DATE) + 31 * DAY).toISOString());
    t = await makeApi({ dataDir: made.dir, now: later.now, mail: TEST_MAIL, bookingRetentionDays: 30 });
    await vi.waitFor(async () => {
      expect(await row()).toMatchObject({
        name: null,
        email: null,
        email_key: null,
        child_name: null,
        child_class: null,
        token_hash: null,
        adults: 2,
        children: 1,
        status: "confirmed",
      });
    });
    expect((await t.request(`/api/bookings/${tokenOf(placed)}`)).status).toBe(404);
    await t.api.close();
  } finally {
    await made.cleanup();
  }
});
