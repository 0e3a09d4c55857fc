import { describe, expect, it } from "vitest";
import { latestDigestWeek } from "../../api/mail/digest-week";

const week = (iso: string, zone = "Europe/London") => {
  const { key, dueAt } = latestDigestWeek(new Date(iso), zone);
  return [key, dueAt.toISOString()];
};

describe("the weekly digest's Monday 07:00 in the site's zone", () => {
  it("is this Monday's from 07:00, last Monday's before", () => {
    expect(week("2026-11-23T06:59:59.999Z")).toEqual(["digest:2026-W47", "2026-11-16T07:00:00.000Z"]);
    expect(week("2026-11-23T07:00:00.000Z")).toEqual(["digest:2026-W48", "2026-11-23T07:00:00.000Z"]);
    expect(week("2026-11-29T23:59:00.000Z")).toEqual(["digest:2026-W48", "2026-11-23T07:00:00.000Z"]);
  });

  it("follows summer time and the zone", () => {
    // 07:00 in London on 30 March 2026 is 06:00 UTC.
    expect(week("2026-03-30T06:00:00.000Z")).toEqual(["digest:2026-W14", "2026-03-30T06:00:00.000Z"]);
    expect(week("2026-11-23T07:00:00.000Z", "America/New_York")).toEqual([
      "digest:2026-W47",
      "2026-11-16T12:00:00.000Z",
    ]);
  });

  it("names the week by its ISO year at the turn of the year", () => {
    expect(week("2027-01-03T12:00:00.000Z")).toEqual(["digest:2026-W53", "2026-12-28T07:00:00.000Z"]);
    expect(week("2027-01-04T07:00:00.000Z")).toEqual(["digest:2027-W01", "2027-01-04T07:00:00.000Z"]);
  });
});
