import { describe, expect, it } from "vitest";
import {
  localDateAndTime,
  occurrenceInstant,
  ruleDates,
  weekdayOrdinal,
  type RepeatRule,
} from "../../common/event-repeats";
import type { TermStretch } from "../../common/term-time";

const LONDON = "Europe/London";
const FAR = "2030-12-31";
const rule = (over: Partial<RepeatRule>): RepeatRule => ({
  every: "week",
  firstDate: "2027-03-06",
  until: null,
  count: null,
  termTimeOnly: false,
  ...over,
});

// Spring term with a half-term week (15-20 February) and Easter after 26 March.
const SPRING: TermStretch[] = [
  { startDate: "2027-01-04", endDate: "2027-02-14" },
  { startDate: "2027-02-21", endDate: "2027-03-26" },
];

describe("ruleDates (docs/product.md, 'Repeating events')", () => {
  it("repeats every week up to the until date, included", () => {
    const { held, skipped } = ruleDates(rule({ until: "2027-03-27" }), [], FAR);
    expect(held).toEqual(["2027-03-06", "2027-03-13", "2027-03-20", "2027-03-27"]);
    expect(skipped).toEqual([]);
  });

  it("repeats every 2 weeks a number of times", () => {
    expect(ruleDates(rule({ every: "2weeks", count: 3 }), [], FAR).held).toEqual([
      "2027-03-06",
      "2027-03-20",
      "2027-04-03",
    ]);
  });

  it("repeats on the same weekday of the month: the first Saturday", () => {
    expect(ruleDates(rule({ every: "month-weekday", count: 4 }), [], FAR).held).toEqual([
      "2027-03-06",
      "2027-04-03",
      "2027-05-01",
      "2027-06-05",
    ]);
  });

  it("makes a fifth weekday the last one of each month", () => {
    expect(weekdayOrdinal("2027-01-30")).toBe(-1);
    expect(ruleDates(rule({ every: "month-weekday", firstDate: "2027-01-30", count: 3 }), [], FAR).held).toEqual([
      "2027-01-30",
      "2027-02-27",
      "2027-03-27",
    ]);
  });

  it("repeats on the same date and skips months without it", () => {
    expect(ruleDates(rule({ every: "month-date", firstDate: "2027-01-31", count: 4 }), [], FAR).held).toEqual([
      "2027-01-31",
      "2027-03-31",
      "2027-05-31",
      "2027-07-31",
    ]);
  });

  it("skips half-term and holidays in term time only, and counts only the dates held", () => {
    const { held, skipped } = ruleDates(
      rule({ every: "week", firstDate: "2027-02-06", count: 5, termTimeOnly: true }),
      SPRING,
      FAR,
    );
    expect(held).toEqual(["2027-02-06", "2027-02-13", "2027-02-27", "2027-03-06", "2027-03-13"]);
    expect(skipped).toEqual(["2027-02-20"]);
  });

  it("never walks past the window's end nor past 100 held dates", () => {
    expect(ruleDates(rule({ count: 100 }), [], "2027-04-01").held).toHaveLength(4);
    expect(ruleDates(rule({ count: 500 }), [], FAR).held).toHaveLength(100);
    // Term time only with no term dates at all holds nothing, and still stops at the window.
    const none = ruleDates(rule({ count: 10, termTimeOnly: true }), [], "2027-06-01");
    expect(none.held).toEqual([]);
    expect(none.skipped).toHaveLength(13);
  });
});

describe("occurrenceInstant in Europe/London", () => {
  it("keeps 10:00 at 10:00 across the March and October clock changes", () => {
    const march = ruleDates(rule({ firstDate: "2027-03-20", count: 3 }), [], FAR).held;
    expect(march.map((day) => occurrenceInstant(day, "10:00", LONDON))).toEqual([
      "2027-03-20T10:00:00.000Z",
      "2027-03-27T10:00:00.000Z",
      "2027-04-03T09:00:00.000Z",
    ]);
    const october = ruleDates(rule({ firstDate: "2027-10-23", count: 3 }), [], FAR).held;
    expect(october.map((day) => occurrenceInstant(day, "10:00", LONDON))).toEqual([
      "2027-10-23T09:00:00.000Z",
      "2027-10-30T09:00:00.000Z",
      "2027-11-06T10:00:00.000Z",
    ]);
  });

  it("reads an instant back as its local date and time of day", () => {
    expect(localDateAndTime("2027-04-03T09:00:00.000Z", LONDON)).toEqual({ date: "2027-04-03", timeOfDay: "10:00" });
    expect(localDateAndTime("2027-03-27T23:30:00.000Z", LONDON)).toEqual({ date: "2027-03-27", timeOfDay: "23:30" });
    expect(localDateAndTime("2027-07-01T23:30:00.000Z", LONDON)).toEqual({ date: "2027-07-02", timeOfDay: "00:30" });
  });
});
