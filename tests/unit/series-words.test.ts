import { describe, expect, it } from "vitest";
import { dayWords, monthWeekdayLabel, seriesLine } from "~/lib/admin/series/series-words";

describe("the words of repeating events", () => {
  it("names the monthly weekday from the date typed: a 5th weekday is the month's last", () => {
    expect(monthWeekdayLabel("2027-03-06T10:00")).toBe("Every month on the first Saturday");
    expect(monthWeekdayLabel("2027-03-14T10:00")).toBe("Every month on the second Sunday");
    expect(monthWeekdayLabel("2027-03-17")).toBe("Every month on the third Wednesday");
    expect(monthWeekdayLabel("2027-03-28T10:00")).toBe("Every month on the fourth Sunday");
    expect(monthWeekdayLabel("2027-03-29T10:00")).toBe("Every month on the last Monday");
  });

  it("keeps the plain choice while the date is not a day", () => {
    expect(monthWeekdayLabel("")).toBe("Every month on the same weekday");
    expect(monthWeekdayLabel("2027-02-30T10:00")).toBe("Every month on the same weekday");
  });

  it("says an occurrence's rule in one line", () => {
    expect(seriesLine({ every: "week", until: "2027-07-24", count: null, termTimeOnly: false })).toBe(
      "Repeats every week until 24 July 2027",
    );
    expect(seriesLine({ every: "2weeks", until: null, count: 10, termTimeOnly: true })).toBe(
      "Repeats every 2 weeks, 10 times, only in term time",
    );
    expect(seriesLine({ every: "month-date", until: null, count: 1, termTimeOnly: false })).toBe(
      "Repeats every month on the same date, 1 time",
    );
    expect(seriesLine({ every: "month-weekday", until: "2028-01-01", count: null, termTimeOnly: true })).toBe(
      "Repeats every month on the same weekday until 1 January 2028, only in term time",
    );
    expect(dayWords("2027-07-24")).toBe("24 July 2027");
  });
});
