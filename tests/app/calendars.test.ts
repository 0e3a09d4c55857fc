import { describe, expect, it } from "vitest";
import { loader as eventCalendarLoader } from "~/routes/events_.$id[.]ics";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { readCalendar } from "../fixtures/ical";
import { call, eventAt, expectCacheableFeed, ids, load, setUpFeedsSite, site } from "./feeds-site";
import { ORIGIN } from "./harness";

/**
 * The calendar subscription and the one-event download, as their routes answer them over
 * the embedded /api, each read back with ical.js.
 */
setUpFeedsSite();

describe("/events.ics", () => {
  it("is a calendar of upcoming events and those of the last three months, cacheable for five minutes", async () => {
    const response = await load(calendarLoader, "/events.ics");
    expectCacheableFeed(response, "text/calendar; charset=utf-8");
    const calendar = readCalendar(await response.text());
    expect(calendar.props["x-wr-calname"]).toBe("Oakfield Primary Dads' Club events");
    expect(calendar.timezones).toEqual(["Europe/London"]);
    expect(calendar.events.map((event) => event.summary)).toEqual(["Last month", "Next week", "Next year"]);
    const nextWeek = calendar.events[1];
    expect(nextWeek.uid).toBe(`event-${ids.nextWeek}@localhost`);
    expect(nextWeek.url).toBe(`${ORIGIN}/events/${ids.nextWeek}`);
    expect(nextWeek.location).toBe("School hall, room 2; by the gate");
    expect(nextWeek.description).toBe("About Next week.\n\nOrganised by Sam\n\nBook: https://example.org/book");
  });

  it("gives each event the same UID on every fetch", async () => {
    const first = readCalendar(await (await load(calendarLoader, "/events.ics")).text());
    const second = readCalendar(await (await load(calendarLoader, "/events.ics")).text());
    expect(second.events.map((event) => event.uid)).toEqual(first.events.map((event) => event.uid));
    expect(new Set(first.events.map((event) => event.uid)).size).toBe(first.events.length);
  });

  it("moves LAST-MODIFIED, DTSTAMP and SEQUENCE on when an administrator edits an event", async () => {
    const before = readCalendar(await (await load(calendarLoader, "/events.ics")).text()).events.find(
      (event) => event.summary === "Next year",
    );
    expect(before?.sequence).toBe(0);
    expect(before?.lastModified).not.toBeNull();

    site.apiNow += 5 * 60_000;
    const edit = await call(`/api/admin/events/${ids.nextYear}`, "PUT", eventAt("Next year", 301));
    expect(edit.status).toBe(200);

    const after = readCalendar(await (await load(calendarLoader, "/events.ics")).text()).events.find(
      (event) => event.uid === before?.uid,
    );
    expect(after?.lastModified).toBe(new Date(site.apiNow).toISOString());
    expect(after?.stamp).toBe(after?.lastModified);
    expect(Date.parse(after?.lastModified ?? "")).toBeGreaterThan(Date.parse(before?.lastModified ?? ""));
    expect(after?.sequence).toBe(300);
    expect(after?.start).not.toBe(before?.start);
  });
});

describe("/events/{id}.ics", () => {
  it("is one event as a download named after it", async () => {
    const response = await load(eventCalendarLoader, `/events/${ids.nextWeek}.ics`, { id: ids.nextWeek });
    expectCacheableFeed(response, "text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="next-week.ics"');
    const calendar = readCalendar(await response.text());
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0].uid).toBe(`event-${ids.nextWeek}@localhost`);
  });

  it("works for a past event too, even one too old for the subscription", async () => {
    const response = await load(eventCalendarLoader, `/events/${ids.longAgo}.ics`, { id: ids.longAgo });
    expect(response.status).toBe(200);
    expect(readCalendar(await response.text()).events[0].summary).toBe("Long ago");
  });

  it.each(["9999", "abc", "1.5", "", "../1", "x".repeat(65)])("answers 404 in a line of text for id %j", async (id) => {
    const response = await load(eventCalendarLoader, `/events/${id}.ics`, { id });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Event not found.");
  });
});
