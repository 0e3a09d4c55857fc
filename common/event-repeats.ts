import { TZDate } from "@date-fns/tz";
import { isTermDay, type TermStretch } from "./term-time";

/**
 * Repeating events (docs/product.md, 'Repeating events'): which local dates a series is held on.
 * Pure and bounded: it walks from the first date and never past the window's end, and a
 * count rule stops at its number of held dates (at most REPEAT_COUNT_MAX). Dates are local
 * `YYYY-MM-DD` in the site's time zone, reckoned as calendar days (UTC arithmetic on the
 * date alone), so clock changes never move a day; the time of day is put on afterwards by
 * `occurrenceInstant`, in the site's time zone, so 10:00 stays 10:00 across them.
 */

export const REPEAT_EVERY = ["week", "2weeks", "month-weekday", "month-date"] as const;
export type RepeatEvery = (typeof REPEAT_EVERY)[number];

/** A count rule holds at most this many dates. */
export const REPEAT_COUNT_MAX = 100;

export interface RepeatRule {
  every: RepeatEvery;
  /** The series' first date (local `YYYY-MM-DD`); it is held unless term time skips it. */
  firstDate: string;
  /** The last date a date may be held on (included); null with a count. */
  until: string | null;
  /** How many dates are held (after term-time skipping); null with an until. */
  count: number | null;
  termTimeOnly: boolean;
}

export interface RuleDates {
  /** The dates the series is held on, in order, up to the window's end. */
  held: string[];
  /** Dates the rule gives that term time skips (the calendar's EXDATEs), in order. */
  skipped: string[];
}

const DAY_MS = 86_400_000;

function toUtc(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'first' … 'fourth' of the month, or -1 for 'last': a 5th weekday repeats as the last one. */
export function weekdayOrdinal(firstDate: string): number {
  const nth = Math.ceil(toUtc(firstDate).getUTCDate() / 7);
  return nth >= 5 ? -1 : nth;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The nth (or, -1, last) `weekday` of a month, as a date. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  if (nth === -1) {
    const last = new Date(Date.UTC(year, month, daysInMonth(year, month)));
    return new Date(last.getTime() - ((last.getUTCDay() - weekday + 7) % 7) * DAY_MS);
  }
  const first = new Date(Date.UTC(year, month, 1));
  return new Date(first.getTime() + (((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7) * DAY_MS);
}

/** The rule's `index`th date (0: the first date), or null when that month has no such day. */
function ruleDate(every: RepeatEvery, first: Date, index: number): Date | null {
  if (every === "week") return new Date(first.getTime() + index * 7 * DAY_MS);
  if (every === "2weeks") return new Date(first.getTime() + index * 14 * DAY_MS);
  const monthIndex = first.getUTCMonth() + index;
  const year = first.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  if (every === "month-date") {
    // RFC 5545: a month without that day number (the 31st in June) is skipped, not moved.
    const day = first.getUTCDate();
    return day > daysInMonth(year, month) ? null : new Date(Date.UTC(year, month, day));
  }
  return nthWeekday(year, month, first.getUTCDay(), weekdayOrdinal(fromUtc(first)));
}

/**
 * The dates `rule` is held on and those term time skips, from its first date up to
 * `windowEnd` (included), its until and its count, whichever comes first. Bounded by the
 * window: a rule never walks past it, whatever its count or the term dates say.
 */
export function ruleDates(rule: RepeatRule, stretches: readonly TermStretch[], windowEnd: string): RuleDates {
  const first = toUtc(rule.firstDate);
  const last = rule.until !== null && rule.until < windowEnd ? rule.until : windowEnd;
  const count = rule.count === null ? Infinity : Math.min(rule.count, REPEAT_COUNT_MAX);
  const held: string[] = [];
  const skipped: string[] = [];
  for (let index = 0; held.length < count; index += 1) {
    const date = ruleDate(rule.every, first, index);
    if (date === null) continue;
    const day = fromUtc(date);
    if (day > last) break;
    if (rule.termTimeOnly && !isTermDay(stretches, day)) skipped.push(day);
    else held.push(day);
  }
  return { held, skipped };
}

/** The local date `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + days * DAY_MS));
}

/** The local date `months` calendar months after `day`, clamped to that month's last day. */
export function addMonths(day: string, months: number): string {
  const date = toUtc(day);
  const monthIndex = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  return fromUtc(new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), daysInMonth(year, month)))));
}

/** The instant (ISO, UTC) of `day` at `timeOfDay` ('HH:MM') on the site's clocks. */
export function occurrenceInstant(day: string, timeOfDay: string, timeZone: string): string {
  const [year, month, date] = day.split("-").map(Number);
  const [hours, minutes] = timeOfDay.split(":").map(Number);
  const local = new TZDate(year ?? 0, (month ?? 1) - 1, date ?? 1, hours ?? 0, minutes ?? 0, timeZone);
  return new Date(local.getTime()).toISOString();
}

/** The local date and time of day ('HH:MM') of an instant on the site's clocks. */
export function localDateAndTime(iso: string, timeZone: string): { date: string; timeOfDay: string } {
  const local = new TZDate(new Date(iso).getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    timeOfDay: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}
