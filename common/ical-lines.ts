import { xmlSafe } from "./xml-safe";

/**
 * iCalendar's text rules (RFC 5545 §3.1–3.3), which the site's calendar files are
 * written with (common/event-calendar.ts): content lines ending in CRLF and folded at 75
 * octets without splitting a character, TEXT escaped, parameter values quoted where they
 * must be, and date-times in UTC or on a zone's clocks. Written by hand, not with a
 * library: the subscription writes hundreds of entries a request, in half the time
 * ical-generator took (docs/decisions/own-ical-writer.md).
 */

export const CRLF = "\r\n";

/** The UTF-8 octets of one code point. */
const octetsOf = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** How many octets `text` takes in UTF-8: what a byte budget counts. */
export function octets(text: string): number {
  let total = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is one 4-octet character; xmlSafe leaves no lone surrogates.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      total += 4;
      i += 1;
    } else total += octetsOf(unit);
  }
  return total;
}

/** A content line folded as §3.1 asks: at most 75 octets a line, each further line begun with a space. */
function fold(line: string): string {
  if (line.length <= 75 && octets(line) <= 75) return line;
  const parts: string[] = [];
  let part = "";
  let used = 0;
  for (const character of line) {
    const size = octetsOf(character.codePointAt(0) ?? 0);
    // The first line holds 75 octets; a continuation's leading space takes one of its 75.
    if (used + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = "";
      used = 0;
    }
    part += character;
    used += size;
  }
  parts.push(part);
  return parts.join(`${CRLF} `);
}

/**
 * TEXT (§3.3.11): backslash, semicolon, comma and line breaks escaped. No control
 * characters (strict apps reject the whole calendar for one) and no lone surrogates.
 */
export function textValue(text: string): string {
  return xmlSafe(text)
    .replace(/\u007f/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, "\\n");
}

/** A parameter value (§3.2): quoted when it holds ':', ';' or ','; no quotes or control characters inside. */
function paramValue(value: string): string {
  // xmlSafe leaves no control character but these three.
  const safe = xmlSafe(value).replace(/[\t\n\r\u007f"]/g, "");
  return /[:;,]/.test(safe) ? `"${safe}"` : safe;
}

export type Params = ReadonlyArray<readonly [name: string, value: string]>;

/** One content line, folded and ended: `NAME;PARAM=value:value` (the value already in its type's form). */
export function contentLine(name: string, value: string, params: Params = []): string {
  const written = params.map(([key, param]) => `;${key}=${paramValue(param)}`).join("");
  return `${fold(`${name}${written}:${value}`)}${CRLF}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A DATE-TIME in UTC (§3.3.5, form 2): 20270115T120000Z. */
export function utcStamp(instant: string | Date): string {
  const date = new Date(instant);
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `t` (ms), as Intl writes it: "GMT+01:00", "GMT-00:01:15", "GMT". */
function measuredOffset(timeZone: string, t: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(format.format(t));
  if (!match) return 0;
  const seconds = (Number(match[2]) * 60 + Number(match[3])) * 60 + Number(match[4] ?? 0);
  return (match[1] === "-" ? -1 : 1) * seconds * 1000;
}

const WEEK_MS = 7 * 86_400_000;
const MINUTE_MS = 60_000;
/** Offsets read at the start of each week asked about, and where a week's clock change falls. */
const weekStarts = new Map<string, number>();
const changes = new Map<string, number>();

function offsetAtWeek(timeZone: string, start: number): number {
  const key = `${timeZone} ${start}`;
  let offset = weekStarts.get(key);
  if (offset === undefined) {
    offset = measuredOffset(timeZone, start);
    weekStarts.set(key, offset);
  }
  return offset;
}

/**
 * The zone's offset at `t`. Asking Intl for every date took most of a calendar's time, so
 * it is asked once a week of the calendar (zones change their clocks at most once a
 * week) and, in a week whose ends differ, for the minute the change happens at.
 */
function zoneOffset(timeZone: string, t: number): number {
  const start = Math.floor(t / WEEK_MS) * WEEK_MS;
  const before = offsetAtWeek(timeZone, start);
  const after = offsetAtWeek(timeZone, start + WEEK_MS);
  if (before === after) return before;
  const key = `${timeZone} ${start}`;
  let change = changes.get(key);
  if (change === undefined) {
    let [low, high] = [start, start + WEEK_MS];
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / (2 * MINUTE_MS)) * MINUTE_MS;
      if (measuredOffset(timeZone, middle) === before) low = middle;
      else high = middle;
    }
    change = high;
    changes.set(key, change);
  }
  return t < change ? before : after;
}

/** A DATE-TIME on `timeZone`'s clocks (§3.3.5, form 3, with TZID): 20270328T100000. */
export function localStamp(instant: string | Date, timeZone: string): string {
  const t = new Date(instant).getTime();
  return utcStamp(new Date(t + zoneOffset(timeZone, t))).slice(0, -1);
}

/** A DURATION (§3.3.6) of whole seconds: PT1H, PT1H30M. */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || seconds === 0 ? `${s}S` : ""}`;
}
