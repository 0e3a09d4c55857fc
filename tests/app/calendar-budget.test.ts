import { beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MAX_BYTES, calendarCutoff } from "~/lib/events/calendar.server";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { settle } from "./admin-test-helpers";
import { apiForFile, dayAt } from "./api-for-file";
import { get } from "./harness";
import { expandedStarts, readCalendar } from "../fixtures/ical";

/**
 * The subscription holds the club's whole calendar, not its first 100 dates (issue 40,
 * 'Done when'): ten weekly series of 78 dates each and 50 single events, from the recent
 * past to more than a year ahead, come out as one entry a series, expand in ical.js to
 * exactly the dates GET /api/events lists, and stay within the feed's byte budget.
 */
const site = apiForFile();
const call = site.call;
const event = (name: string, days: number, repeat?: object) => ({
  name,
  date: dayAt(days),
  comment: `About ${name}: bring a drink, a coat and a friend.`,
  location: "School field, by the gate",
  bookingUrl: "https://example.org/book",
  repeat,
});

beforeAll(async () => {
  // Each series began in the last three weeks: its 78 dates run 18 months on from there.
  for (let i = 0; i < 10; i++) {
    const made = await call(
      "/api/admin/events",
      "POST",
      event(`Club ${i + 1}`, i * 2 - 20, { every: "week", count: 78 }),
    );
    expect(made.status).toBe(201);
  }
  // Single events from the recent past to more than a year ahead, and one too old for the feed.
  for (let i = 0; i < 50; i++) {
    expect((await call("/api/admin/events", "POST", event(`Outing ${i + 1}`, i * 10 - 80))).status).toBe(201);
  }
  expect((await call("/api/admin/events", "POST", event("Long ago", -120))).status).toBe(201);
});

describe("/events.ics with ten weekly series of 78 dates and 50 single events", () => {
  it("expands to exactly the dates GET /api/events lists from its window on, within its byte budget", async () => {
    const response = await settle(() =>
      calendarLoader({ request: get("/events.ics"), context: site.context(), params: {} }),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    const since = calendarCutoff(new Date().toISOString());
    const listed = (await (await call(`/api/events?from=${since}&limit=1000`)).json()) as Array<{ date: string }>;
    expect(listed).toHaveLength(10 * 78 + 50);

    expect(expandedStarts(text)).toEqual(listed.map((one) => one.date).sort());
    // One entry a series, one each single event.
    expect(readCalendar(text).events).toHaveLength(10 + 50);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CALENDAR_MAX_BYTES);
    // The file ends with its last line's CRLF (RFC 5545 §3.1).
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});
