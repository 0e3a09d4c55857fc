import { expect, it } from "vitest";
import ICAL from "ical.js";
import { readCalendar } from "../fixtures/ical";
import type { ReceivedMail } from "../fixtures/smtp";
import { book, EVENT_DATE, type Placed } from "./booking-helpers";
import { validEvent } from "./content-fixtures";
import { json } from "./helpers";
import { apiWithSmtp, SITE } from "./mail-sender-helpers";

/**
 * The calendar file a 'You're booked' e-mail carries (docs/product.md, 'Bookings'), as
 * iMIP has it (RFC 6047, RFC 5546 §3.2.1): text/calendar with method=PUBLISH both as the
 * part mail apps offer to add and as the attached file, an ORGANIZER, and for a date of a
 * repeating series that date of the subscription's entry (its UID and RECURRENCE-ID).
 */
const calendarParts = (mail: ReceivedMail) =>
  mail.parsed.attachments.filter((part) => /calendar|ics/.test(part.contentType));

it("is text/calendar with an ORGANIZER, and a series date is that date of the series' entry", async () => {
  const { t, smtp } = await apiWithSmtp({}, { trustProxy: true });
  t.clock.current = new Date("2026-03-01T12:00:00.000Z");
  const api = { t, token: await t.login() };
  const made = await t.request("/api/admin/events", {
    method: "POST",
    token: api.token,
    json: {
      ...validEvent,
      date: EVENT_DATE,
      booking: { mode: "site", places: 10 },
      repeat: { every: "week", count: 3 },
    },
  });
  expect(made.status).toBe(201);
  const { seriesId } = await json<{ seriesId: number }>(made);
  const dates = await json<Array<{ id: number; date: string }>>(await t.request("/api/events"));
  const second = dates[1];
  expect((await json<Placed>(await book(api, second?.id ?? 0, { email: "kim@example.org" }))).status).toBe("confirmed");
  await t.api.mailSender.runRound();
  const [booked] = await smtp.waitFor(1);

  const parts = calendarParts(booked);
  expect(parts.map((part) => part.contentType)).toEqual(["text/calendar", "text/calendar"]);
  expect(booked.raw.toString("utf8")).not.toMatch(/application\/ics/i);
  expect(booked.raw.toString("utf8")).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
  for (const part of parts) {
    const text = part.content.toString("utf8");
    const read = readCalendar(text);
    expect(read.props.method).toBe("PUBLISH");
    expect(read.events).toEqual([
      expect.objectContaining({
        uid: `series-${seriesId}@club.example.org`,
        recurrenceId: second?.date,
        start: second?.date,
        url: `${SITE}/events/${second?.id}`,
      }),
    ]);
    const organizer = new ICAL.Component(ICAL.parse(text))
      .getFirstSubcomponent("vevent")
      ?.getFirstProperty("organizer");
    expect(organizer?.getFirstValue()).toBe("mailto:committee@club.example.org");
    expect(organizer?.getParameter("cn")).toBe("Oakfield Primary Dads' Club");
  }
});
