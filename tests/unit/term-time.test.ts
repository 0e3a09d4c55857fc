import { describe, expect, it } from "vitest";
import { isTermDay, type TermStretch } from "../../common/term-time";

// Two stretches with a half-term between them, as a school's autumn is written.
const AUTUMN: TermStretch[] = [
  { startDate: "2026-09-03", endDate: "2026-10-23" },
  { startDate: "2026-11-02", endDate: "2026-12-18" },
];

describe("isTermDay (docs/product.md, 'Term dates')", () => {
  it("counts a stretch's first and last days and the days between as term time", () => {
    for (const day of ["2026-09-03", "2026-09-30", "2026-10-23", "2026-11-02", "2026-12-18"]) {
      expect(isTermDay(AUTUMN, day), day).toBe(true);
    }
  });

  it("makes a day inside no stretch a holiday: the half-term, before the first, after the last", () => {
    for (const day of [
      "2026-10-24",
      "2026-10-28",
      "2026-11-01",
      "2026-09-02",
      "2026-01-15",
      "2026-12-19",
      "2027-03-01",
    ]) {
      expect(isTermDay(AUTUMN, day), day).toBe(false);
    }
  });

  it("makes every day a holiday when no term dates are entered", () => {
    expect(isTermDay([], "2026-09-10")).toBe(false);
  });

  it("does not depend on the stretches' order, and takes a one-day stretch", () => {
    const reversed = [...AUTUMN].reverse();
    expect(isTermDay(reversed, "2026-11-10")).toBe(true);
    expect(isTermDay(reversed, "2026-10-30")).toBe(false);
    expect(isTermDay([{ startDate: "2027-01-05", endDate: "2027-01-05" }], "2027-01-05")).toBe(true);
    expect(isTermDay([{ startDate: "2027-01-05", endDate: "2027-01-05" }], "2027-01-06")).toBe(false);
  });

  it("compares across a year's end and across month lengths as the calendar does", () => {
    const spring = [{ startDate: "2026-12-30", endDate: "2027-02-01" }];
    expect(isTermDay(spring, "2027-01-31")).toBe(true);
    expect(isTermDay(spring, "2026-12-29")).toBe(false);
    expect(isTermDay(spring, "2027-02-02")).toBe(false);
  });
});
