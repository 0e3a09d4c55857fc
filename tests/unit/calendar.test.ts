import { matchRoutes } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { calendarFileName, eventCalendar, sequenceOf } from "../../common/event-calendar";
import { calendarSources } from "~/lib/events/calendar-sources.server";
import { CALENDAR_PAST_MONTHS, calendarFeed } from "~/lib/events/calendar.server";
import { UpstreamError } from "~/lib/upstream/client.server";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "~/lib/site.server";
import { calendarSubscribeUrl, eventCalendarPath } from "~/lib/paths/site";
import { readCalendar } from "../fixtures/ical";

/** What /events.ics and /events/{id}.ics are made of, read back with ical.js. */
const site: SiteInfo = {
  name: "Oakfield Dads, the Club",
  origin: "https://dads.example.org",
  timeZone: "Europe/London",
  now: "2027-01-15T12:00:00.000Z",
};

function event(overrides: Partial<ClubEvent> & Pick<ClubEvent, "id" | "date">): ClubEvent {
  return {
    name: `Event ${overrides.id}`,
    comment: "A day out.",
    organiser: null,
    location: null,
    imageUrl: null,
    bookingUrl: "https://example.org/book",
    ...overrides,
  };
}

/**
 * The feed as /events.ics makes it, over an upstream that lists `events` whole (as the
 * product spec's /api does, so the feed cuts its window itself) and has no series call.
 */
function calendarFeedOf(events: ClubEvent[], at: SiteInfo = site): Promise<string> {
  const send = (path: string) => {
    if (path.startsWith("/api/event-series")) throw new UpstreamError(404, "", "Not Found");
    return Promise.resolve(Response.json(events));
  };
  return calendarFeed(at, calendarSources(send, at.now)).then((feed) => feed.text);
}

describe("the subscribable calendar", () => {
  it("names itself, its zone and how often to fetch it again", async () => {
    const { props, timezones } = readCalendar(await calendarFeedOf([], site));
    expect(props.name).toBe("Oakfield Dads, the Club events");
    expect(props["x-wr-calname"]).toBe("Oakfield Dads, the Club events");
    expect(props["x-wr-timezone"]).toBe("Europe/London");
    expect(props["refresh-interval"]).toBe("PT1H");
    expect(props["x-published-ttl"]).toBe("PT1H");
    expect(props.prodid).toMatch(/^-\/\/dads\.example\.org\/\/Events\/\/EN$/);
    expect(props.version).toBe("2.0");
    // No events, so no zone is needed yet.
    expect(timezones).toEqual([]);
  });

  it(`holds every upcoming event and those of the last ${CALENDAR_PAST_MONTHS} months, not older ones`, async () => {
    const events = [
      event({ id: "1", date: "2026-09-01T10:00:00.000Z" }), // four and a half months ago
      event({ id: "2", date: "2026-10-16T10:00:00.000Z" }), // just within three months
      event({ id: "3", date: "2027-01-10T10:00:00.000Z" }), // last week
      event({ id: "4", date: "2027-06-01T10:00:00.000Z" }), // to come
      event({ id: "5", date: "not a date" }),
    ];
    const { events: read } = readCalendar(await calendarFeedOf(events, site));
    expect(read.map((e) => e.uid)).toEqual([
      "event-2@dads.example.org",
      "event-3@dads.example.org",
      "event-4@dads.example.org",
    ]);
  });

  it("places 10:00 in London at 09:00Z in summer time and at 10:00Z after the clocks go back", async () => {
    // 2027's daylight-saving changes fall on the last Sundays of March and October.
    const march = event({ id: "1", date: "2027-03-28T09:00:00.000Z" });
    const october = event({ id: "2", date: "2027-10-31T10:00:00.000Z" });
    const dayBefore = event({ id: "3", date: "2027-03-27T10:00:00.000Z" });
    const { events, timezones } = readCalendar(await calendarFeedOf([dayBefore, march, october], site));
    expect(timezones).toEqual(["Europe/London"]);
    const [before, summer, winter] = events;
    // Written as wall-clock time in the site's zone…
    expect(summer.tzid).toBe("Europe/London");
    expect(summer.localStart).toBe("2027-03-28T10:00:00");
    expect(winter.localStart).toBe("2027-10-31T10:00:00");
    expect(before.localStart).toBe("2027-03-27T10:00:00");
    // …and converted by the reader through the file's VTIMEZONE.
    expect(summer.start).toBe("2027-03-28T09:00:00.000Z");
    expect(winter.start).toBe("2027-10-31T10:00:00.000Z");
    expect(before.start).toBe("2027-03-27T10:00:00.000Z");
    // Two hours long, since events have no end time.
    expect(summer.end).toBe("2027-03-28T11:00:00.000Z");
  });

  it("writes times in another SITE_TIME_ZONE with that zone's VTIMEZONE", async () => {
    const newYork = { ...site, timeZone: "America/New_York" };
    const { events, timezones, props } = readCalendar(
      await calendarFeedOf([event({ id: "1", date: "2027-07-04T14:00:00.000Z" })], newYork),
    );
    expect(timezones).toEqual(["America/New_York"]);
    expect(props["x-wr-timezone"]).toBe("America/New_York");
    expect(events[0].localStart).toBe("2027-07-04T10:00:00");
    expect(events[0].start).toBe("2027-07-04T14:00:00.000Z");
  });

  it("keeps commas, semicolons, backslashes, quotes, new lines and emoji exactly", async () => {
    const tricky = event({
      id: "7",
      date: "2027-02-01T10:00:00.000Z",
      name: 'Dads, kids; "friends" \\ back\\slash 🎉🚲 — Ünïcødé',
      comment: "Line one, with a comma;\nline two \\n is not a new line\n\nLast: 👨‍👧‍👦".repeat(3),
      location: "Hall B; gate 2, by the 🌳",
      organiser: "Sam, the Treasurer",
      bookingUrl: "https://example.org/book?a=1,2;b=3",
    });
    const [read] = readCalendar(await calendarFeedOf([tricky], site)).events;
    expect(read.summary).toBe(tricky.name);
    expect(read.location).toBe(tricky.location);
    expect(read.description).toBe(
      `${tricky.comment}\n\nOrganised by Sam, the Treasurer\n\nBook: https://example.org/book?a=1,2;b=3`,
    );
    expect(read.url).toBe("https://dads.example.org/events/7");
  });

  it("leaves a booking link that is not a web address out of the description", async () => {
    const [read] = readCalendar(
      await calendarFeedOf([event({ id: "1", date: "2027-02-01T10:00:00Z", bookingUrl: "javascript:alert(1)" })], site),
    ).events;
    expect(read.description).toBe("A day out.");
  });

  it("stamps an event with its last edit, and counts edits in SEQUENCE", async () => {
    const created = "2027-01-01T09:00:00.000Z";
    const edited = event({
      id: "1",
      date: "2027-02-01T10:00:00Z",
      createdAt: created,
      updatedAt: "2027-01-02T09:00:30.000Z",
    });
    const [read] = readCalendar(await calendarFeedOf([edited], site)).events;
    expect(read.stamp).toBe("2027-01-02T09:00:30.000Z");
    expect(read.lastModified).toBe("2027-01-02T09:00:30.000Z");
    expect(read.sequence).toBe(86_430);
    expect(read.sequence).toBe(sequenceOf(edited));
    const fresh = event({ id: "1", date: "2027-02-01T10:00:00Z", createdAt: created, updatedAt: created });
    expect(sequenceOf(fresh)).toBe(0);
  });

  it("without the upstream's timestamps: DTSTAMP now, no LAST-MODIFIED, SEQUENCE 0", async () => {
    const [read] = readCalendar(await calendarFeedOf([event({ id: "1", date: "2027-02-01T10:00:00Z" })], site)).events;
    expect(read.stamp).toBe(site.now);
    expect(read.lastModified).toBeNull();
    expect(read.sequence).toBe(0);
  });

  it("writes DTSTAMP and LAST-MODIFIED in UTC, as RFC 5545 requires", async () => {
    const body = await calendarFeedOf(
      [event({ id: "1", date: "2027-07-01T10:00:00Z", createdAt: site.now, updatedAt: site.now })],
      site,
    );
    expect(body).toMatch(/^DTSTAMP:20270115T120000Z\r$/m);
    expect(body).toMatch(/^LAST-MODIFIED:20270115T120000Z\r$/m);
    expect(body).toMatch(/^DTSTART;TZID=Europe\/London:20270701T110000\r$/m);
  });
});

describe("one event to add", () => {
  it("is the same event, in a file without a calendar name, so apps add it rather than subscribe", async () => {
    const one = event({ id: "3", date: "2027-03-28T09:00:00.000Z", name: "Bike ride", location: "Gates" });
    const file = eventCalendar(one, site);
    expect(file).not.toBeNull();
    const read = readCalendar(file ?? "");
    expect(read.props["x-wr-calname"]).toBeUndefined();
    expect(read.props["refresh-interval"]).toBeUndefined();
    expect(read.timezones).toEqual(["Europe/London"]);
    expect(read.events).toEqual(readCalendar(await calendarFeedOf([one], site)).events);
  });

  it("is made for a past event too, but not for one without a usable date", async () => {
    expect(eventCalendar(event({ id: "1", date: "2020-01-01T10:00:00Z" }), site)).toContain("BEGIN:VEVENT");
    expect(eventCalendar(event({ id: "1", date: "soon" }), site)).toBeNull();
  });

  it("is named after the event, or its id when the name gives no letters", async () => {
    expect(calendarFileName({ id: "3", name: "Dads' & Kids' Five-a-Side!" })).toBe("dads-kids-five-a-side.ics");
    expect(calendarFileName({ id: "3", name: "Crêpes à la Fête" })).toBe("crepes-a-la-fete.ics");
    expect(calendarFileName({ id: "12", name: "🎉🎉" })).toBe("event-12.ics");
    expect(calendarFileName({ id: 'a/b"c', name: "—" })).toBe("event-abc.ics");
    expect(calendarFileName({ id: "1", name: "x".repeat(100) })).toBe(`${"x".repeat(60)}.ics`);
  });
});

describe("the addresses the UI links to", () => {
  it("gives the event's .ics path and the webcal:// subscription", async () => {
    expect(eventCalendarPath("12")).toBe("/events/12.ics");
    expect(calendarSubscribeUrl("https://dads.example.org")).toBe("webcal://dads.example.org/events.ics");
    expect(calendarSubscribeUrl("http://localhost:3000")).toBe("webcal://localhost:3000/events.ics");
  });
});

describe("routing", () => {
  it("ranks /events/:id.ics (events_.$id[.]ics.tsx) above the event page /events/:id", async () => {
    // The paths as the Remix compiler makes them from the file names (`npx remix routes`).
    const routes = [{ path: "events/:id" }, { path: "events/:id.ics" }, { path: "events" }, { path: "*" }];
    expect(matchRoutes(routes, "/events/12.ics")?.map((match) => [match.route.path, match.params.id])).toEqual([
      ["events/:id.ics", "12"],
    ]);
    expect(matchRoutes(routes, "/events/12")?.map((match) => match.route.path)).toEqual(["events/:id"]);
  });
});

describe("every date the /api accepts makes a valid calendar", () => {
  it.each(["1900-01-01T00:00:00.000Z", "2200-12-31T23:59:59.000Z"])("an event on %s", async (date) => {
    const source = await calendarFeedOf([event({ id: "1", date })], { ...site, now: "1899-06-01T00:00:00.000Z" });
    const stamps = source.split("\r\n").filter((line) => /^(DTSTART|DTEND|DTSTAMP)[;:]/.test(line));
    expect(stamps.filter((line) => line.startsWith("DTEND"))).toHaveLength(1);
    for (const line of stamps) expect(line).toMatch(/:\d{8}T\d{6}Z?$/);
    const [read] = readCalendar(source).events;
    expect(read.start).toBe(date);
    expect(Date.parse(read.end) - Date.parse(read.start)).toBe(2 * 60 * 60 * 1000);
  });
});
