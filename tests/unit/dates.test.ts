import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatEventTime,
  formatEventWhen,
  fromLocalInput,
  isPast,
  todayDateTimeInput,
  toDateInput,
  toDateTimeInput,
} from "~/lib/dates";

const LONDON = "Europe/London";

describe("dates in the site's time zone", () => {
  it("formats like 'MMMM d, yyyy' on the zone's calendar day", () => {
    expect(formatDate("2026-07-04T10:00:00.000Z", LONDON)).toBe("July 4, 2026");
    // 23:30 UTC on 31 May is already 1 June in British Summer Time.
    expect(formatDate("2026-05-31T23:30:00.000Z", LONDON)).toBe("June 1, 2026");
    expect(formatDate("not a date", LONDON)).toBe("");
  });

  it("gives an event's time in the zone beside its date, minutes only when not on the hour", () => {
    expect(formatEventTime("2026-12-19T16:30:00.000Z", LONDON)).toBe("4:30pm");
    // 09:00 UTC in July is 10:00 in British Summer Time.
    expect(formatEventTime("2026-07-04T09:00:00.000Z", LONDON)).toBe("10am");
    expect(formatEventTime("2026-07-04T11:05:00.000Z", LONDON)).toBe("12:05pm");
    expect(formatEventTime("2026-07-03T23:00:00.000Z", LONDON)).toBe("12am");
    expect(formatEventWhen("2026-12-19T16:30:00.000Z", LONDON)).toBe("December 19, 2026 · 4:30pm");
    expect(formatEventWhen("not a date", LONDON)).toBe("");
  });

  it("reads form inputs as wall-clock time in the zone, in summer and in winter", () => {
    expect(fromLocalInput("2026-07-04T10:30", LONDON)).toBe("2026-07-04T09:30:00.000Z");
    expect(fromLocalInput("2026-01-10T10:30", LONDON)).toBe("2026-01-10T10:30:00.000Z");
    expect(fromLocalInput("2026-01-10", LONDON)).toBe("2026-01-10T00:00:00.000Z");
    expect(fromLocalInput("2026-02-30", LONDON)).toBeNull();
    expect(fromLocalInput("tomorrow", LONDON)).toBeNull();
  });

  it("round-trips through the inputs", () => {
    const iso = "2026-07-04T09:30:00.000Z";
    expect(toDateTimeInput(iso, LONDON)).toBe("2026-07-04T10:30");
    expect(fromLocalInput(toDateTimeInput(iso, LONDON), LONDON)).toBe(iso);
    expect(toDateInput(iso, LONDON)).toBe("2026-07-04");
  });

  it("defaults a create form to today, at the next hour but never tomorrow", () => {
    expect(todayDateTimeInput(new Date("2026-11-22T09:15:00.000Z"), LONDON)).toBe("2026-11-22T10:00");
    expect(todayDateTimeInput(new Date("2026-11-22T23:40:00.000Z"), LONDON)).toBe("2026-11-22T23:00");
  });

  it("calls an event past only when its moment is before now", () => {
    expect(isPast("2026-11-22T09:59:59.000Z", "2026-11-22T10:00:00.000Z")).toBe(true);
    expect(isPast("2026-11-22T10:00:00.000Z", "2026-11-22T10:00:00.000Z")).toBe(false);
  });
});
