import { describe, expect, it } from "vitest";
import { eventCalendar } from "../../common/event-calendar";
import { contentLine, duration, localStamp, octets, textValue } from "../../common/ical-lines";
import { readCalendar } from "../fixtures/ical";

/** The iCalendar text rules every calendar file of the site is written by (RFC 5545 §3.1–3.3). */
const site = { origin: "https://dads.example.org", timeZone: "Europe/London", now: "2027-01-15T12:00:00.000Z" };
const event = {
  id: "1",
  name: `${"Crêpes à la fête 🎉🚲 ".repeat(6)}end`,
  date: "2027-03-28T09:00:00.000Z",
  comment: "Line one, with a comma;\nline two\r\nline three",
  location: "Hall B; gate 2",
  bookingUrl: "https://example.org/book",
};

describe("a calendar file", () => {
  const file = eventCalendar(event, site) ?? "";
  const lines = file.split("\r\n");

  it("ends with the CRLF of its last line and has no bare line feed", () => {
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("says what the calendar is before any of its components", () => {
    const firstComponent = lines.findIndex((line, i) => i > 0 && line.startsWith("BEGIN:"));
    const calendarWide = ["VERSION:", "PRODID:", "X-WR-TIMEZONE:"].map((name) =>
      lines.findIndex((line) => line.startsWith(name)),
    );
    for (const at of calendarWide) expect(at).toBeGreaterThan(0);
    for (const at of calendarWide) expect(at).toBeLessThan(firstComponent);
    expect(lines[firstComponent]).toBe("BEGIN:VTIMEZONE");
  });

  it("folds lines at 75 octets without splitting a character, and reads back whole", () => {
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(Buffer.byteLength(file)).toBe(octets(file));
    const [read] = readCalendar(file).events;
    expect(read?.summary).toBe(event.name);
    expect(read?.description).toBe("Line one, with a comma;\nline two\nline three\n\nBook: https://example.org/book");
  });
});

describe("the text rules", () => {
  it("escapes TEXT and drops control characters", () => {
    expect(textValue("a\\b;c,d\ne\u0000f\u007f")).toBe("a\\\\b\\;c\\,d\\nef");
  });

  it("quotes a parameter value with a colon, semicolon or comma, and drops quotes", () => {
    expect(contentLine("ORGANIZER", "mailto:club@example.org", [["CN", 'Dads, "the" Club']])).toBe(
      'ORGANIZER;CN="Dads, the Club":mailto:club@example.org\r\n',
    );
    expect(contentLine("X-A", "v", [["CN", "Plain"]])).toBe("X-A;CN=Plain:v\r\n");
  });

  it("writes wall-clock times on both sides of a clock change, and durations", () => {
    expect(localStamp("2027-03-28T00:59:59Z", "Europe/London")).toBe("20270328T005959");
    expect(localStamp("2027-03-28T01:00:00Z", "Europe/London")).toBe("20270328T020000");
    expect(localStamp("2027-10-31T00:30:00Z", "Europe/London")).toBe("20271031T013000");
    expect(localStamp("1900-01-01T00:00:00Z", "Europe/London")).toBe("19000101T000000");
    expect(duration(3600)).toBe("PT1H");
    expect(duration(5400)).toBe("PT1H30M");
  });
});

describe("wall-clock times", () => {
  it("agree with Intl at every hour around each clock change, in zones that change by an hour, half an hour or for Ramadan", () => {
    const intl = (zone: string) =>
      new Intl.DateTimeFormat("sv-SE", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    for (const zone of [
      "Europe/London",
      "America/New_York",
      "Australia/Lord_Howe",
      "Africa/Casablanca",
      "Asia/Kolkata",
    ]) {
      const format = intl(zone);
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 7_200_000 + 59_000) {
        const expected = format.format(t).replace(/\D/g, "");
        expect(localStamp(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toBe(
          `${expected.slice(0, 8)}T${expected.slice(8)}`,
        );
      }
    }
  });
});
