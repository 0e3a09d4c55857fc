import { beforeAll, describe, expect, it } from "vitest";
import { loader as eventCalendarLoader } from "~/routes/events_.$id[.]ics";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { settle } from "./admin-test-helpers";
import { apiForFile, dayAt } from "./api-for-file";
import { get } from "./harness";
import { expandedStarts, readCalendar, type ReadEvent } from "../fixtures/ical";

/**
 * Repeating events in the calendar feed (docs/product.md, 'Repeating events'): each series is one
 * VEVENT with RRULE, EXDATEs and RECURRENCE-ID overrides, and ical.js (as Thunderbird)
 * expands it to exactly the dates GET /api/events lists; a date's own file is that date of
 * the same entry; and every change to a series moves its SEQUENCE, DTSTAMP and LAST-MODIFIED.
 */
const site = apiForFile();
const { call, context } = site;

type Listed = Array<{ id: number; seriesId?: number; date: string; name: string }>;
const listed = async () => (await (await call("/api/events")).json()) as Listed;
const feed = async () =>
  (await settle(() => calendarLoader({ request: get("/events.ics"), context: context(), params: {} }))).text();
const oneFile = async (id: number) =>
  (
    await settle(() =>
      eventCalendarLoader({ request: get(`/events/${id}.ics`), context: context(), params: { id: String(id) } }),
    )
  ).text();
/** The series' own entry (the one with the rule) in a calendar. */
const ruleEntry = (source: string, uid: string) =>
  readCalendar(source).events.find((event) => event.uid === uid && event.rrule !== null) as ReadEvent;

let football = { seriesId: 0, uid: "" };

beforeAll(async () => {
  const event = (name: string, days: number, repeat?: object) => ({
    name,
    date: dayAt(days),
    comment: `About ${name}.`,
    bookingUrl: "https://example.org/book",
    repeat,
  });
  expect((await call("/api/admin/events", "POST", event("Single", 3))).status).toBe(201);
  const weekly = (await (
    await call("/api/admin/events", "POST", event("Football", 2, { every: "week", count: 30 }))
  ).json()) as { seriesId: number };
  football = { seriesId: weekly.seriesId, uid: `series-${weekly.seriesId}@localhost` };
  expect((await call("/api/admin/events", "POST", event("Quiz", 5, { every: "month-weekday", count: 6 }))).status).toBe(
    201,
  );
  const dates = (await listed()).filter((one) => one.seriesId === weekly.seriesId);
  // One date deleted alone (an EXDATE), one changed alone (an override), later in the day.
  expect((await call(`/api/admin/events/${dates[3]?.id}`, "DELETE")).status).toBe(200);
  const changed = (await (await call(`/api/admin/events/${dates[5]?.id}`)).json()) as Record<string, unknown>;
  const later = new Date(Date.parse(String(changed.date)) + 90 * 60_000).toISOString();
  expect(
    (await call(`/api/admin/events/${dates[5]?.id}`, "PUT", { ...changed, name: "Football final", date: later }))
      .status,
  ).toBe(200);
});

describe("/events.ics with repeating events", () => {
  it("writes a series as one VEVENT that expands to exactly the dates the site lists", async () => {
    const text = await feed();
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z/);
    expect(text).toMatch(/RRULE:FREQ=MONTHLY;UNTIL=\d{8}T\d{6}Z;BYDAY=[A-Z]{2};BYSETPOS=-?\d/);
    expect(text).toMatch(/EXDATE;TZID=Europe\/London:\d{8}T\d{6}\r\n/);
    expect(text).toMatch(/RECURRENCE-ID;TZID=Europe\/London:\d{8}T\d{6}\r\n/);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(expandedStarts(text)).toEqual((await listed()).map((one) => one.date).sort());
  });
});

describe("a date of a series, added on its own", () => {
  it("is that date of the subscription's entry: the series' UID, its RECURRENCE-ID, its SEQUENCE", async () => {
    const subscription = await feed();
    const own = ruleEntry(subscription, football.uid);
    const dates = (await listed()).filter((one) => one.seriesId === football.seriesId);
    for (const date of [dates[1], dates[6]]) {
      const [read] = readCalendar(await oneFile(date?.id ?? 0)).events;
      expect(read).toMatchObject({ uid: football.uid, recurrenceId: date?.date, start: date?.date });
      expect(read?.sequence).toBe(own.sequence);
      expect(expandedStarts(subscription)).toContain(read?.recurrenceId);
    }
    // The date changed alone: its file and the subscription's override are one entry.
    const final = dates.find((one) => one.name === "Football final");
    const [alone] = readCalendar(await oneFile(final?.id ?? 0)).events;
    const override = readCalendar(subscription).events.find((event) => event.summary === "Football final");
    expect(alone).toEqual(override);
  });
});

describe("a changed series", () => {
  /** Makes a change at a later moment and answers the series' entry before and after it. */
  async function changed(change: () => Promise<void>): Promise<[ReadEvent, ReadEvent]> {
    const before = ruleEntry(await feed(), football.uid);
    site.now += 60_000;
    await change();
    return [before, ruleEntry(await feed(), football.uid)];
  }

  function expectMovedOn(before: ReadEvent, after: ReadEvent) {
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.stamp).toBe(new Date(site.now).toISOString());
    expect(after.lastModified).toBe(after.stamp);
  }

  it("moves SEQUENCE, DTSTAMP and LAST-MODIFIED on when a date is deleted (a new EXDATE)", async () => {
    const dates = (await listed()).filter((one) => one.seriesId === football.seriesId);
    const [before, after] = await changed(async () => {
      expect((await call(`/api/admin/events/${dates[8]?.id}`, "DELETE")).status).toBe(200);
    });
    expect(after.exdates).toContain(dates[8]?.date);
    expectMovedOn(before, after);
  });

  it("moves them on when a date is changed alone", async () => {
    const dates = (await listed()).filter((one) => one.seriesId === football.seriesId);
    const opened = (await (await call(`/api/admin/events/${dates[10]?.id}`)).json()) as Record<string, unknown>;
    const [before, after] = await changed(async () => {
      expect((await call(`/api/admin/events/${dates[10]?.id}`, "PUT", { ...opened, name: "Cup" })).status).toBe(200);
    });
    expectMovedOn(before, after);
  });

  it("moves them on and ends at the real last date after 'This and following' is deleted", async () => {
    const dates = (await listed()).filter((one) => one.seriesId === football.seriesId);
    const [before, after] = await changed(async () => {
      expect((await call(`/api/admin/events/${dates[20]?.id}?scope=following`, "DELETE")).status).toBe(200);
    });
    expect(after.rrule).toContain(`UNTIL=${dates[19]?.date.replace(/[-:]|\.\d{3}/g, "")}`);
    expect(before.rrule).not.toBe(after.rrule);
    expectMovedOn(before, after);
    expect(expandedStarts(await feed())).toEqual((await listed()).map((one) => one.date).sort());
  });
});
