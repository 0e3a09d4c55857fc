import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, type Api } from "../../api";
import { loader as eventCalendarLoader } from "~/routes/events_.$id[.]ics";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { settle } from "./admin-test-helpers";
import { get, ORIGIN } from "./harness";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * Repeating events in the calendar feed (docs/product.md, 'Repeating events'): each series is one
 * VEVENT with RRULE, EXDATEs and RECURRENCE-ID overrides, and ical.js (as Thunderbird)
 * expands it to exactly the dates GET /api/events lists.
 */
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "series-calendar-password";
let api: Api;
let token = "";
const context = () => ({ apiFetch: (request: Request) => api.fetch(request), cspNonce: "test-nonce" });

async function call(path: string, method = "GET", body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return api.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
}

/** A local date `days` from now at 10:00 London time is not needed: any start time keeps its wall-clock time. */
const dayAt = (days: number) => new Date(Math.floor((Date.now() + days * DAY) / 60_000) * 60_000).toISOString();

/** Every start the calendar's entries give, expanded as a calendar app would (UTC, sorted). */
function expandedStarts(source: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(source));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevents = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const starts: string[] = [];
  for (const event of vevents.filter((one) => !one.isRecurrenceException())) {
    if (!event.isRecurring()) {
      starts.push(event.startDate.toJSDate().toISOString());
      continue;
    }
    for (const exception of vevents.filter((one) => one.isRecurrenceException() && one.uid === event.uid)) {
      event.relateException(exception);
    }
    const iterator = event.iterator();
    for (let next = iterator.next(), guard = 0; next && guard < 500; next = iterator.next(), guard++) {
      starts.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
    }
  }
  return starts.sort();
}

beforeAll(async () => {
  api = await createApi({
    dataDir: null,
    adminUsername: "admin",
    adminPassword: PASSWORD,
    seedDemo: false,
    trustProxy: false,
    signingSecret: "series-signing-secret-series-signing-secret",
    scryptCost: TEST_SCRYPT_COST,
    now: () => new Date(Date.now() - 30 * 60_000),
  });
  const login = await api.fetch(
    new Request(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    }),
  );
  token = ((await login.json()) as { token: string }).token;
  const event = (name: string, days: number, repeat?: object) => ({
    name,
    date: dayAt(days),
    comment: `About ${name}.`,
    bookingUrl: "https://example.org/book",
    repeat,
  });
  expect((await call("/api/admin/events", "POST", event("Single", 3))).status).toBe(201);
  const weekly = (await (
    await call("/api/admin/events", "POST", event("Football", 2, { every: "week", count: 30 }))
  ).json()) as {
    seriesId: number;
  };
  expect((await call("/api/admin/events", "POST", event("Quiz", 5, { every: "month-weekday", count: 6 }))).status).toBe(
    201,
  );
  const list = (await (await call("/api/events")).json()) as Array<{ id: number; seriesId?: number; date: string }>;
  const football = list.filter((one) => one.seriesId === weekly.seriesId);
  // One date deleted alone (an EXDATE), one changed alone (an override), later in the day.
  expect((await call(`/api/admin/events/${football[3]?.id}`, "DELETE")).status).toBe(200);
  const changed = (await (await call(`/api/admin/events/${football[5]?.id}`)).json()) as Record<string, unknown>;
  const later = new Date(Date.parse(String(changed.date)) + 90 * 60_000).toISOString();
  expect(
    (await call(`/api/admin/events/${football[5]?.id}`, "PUT", { ...changed, name: "Football final", date: later }))
      .status,
  ).toBe(200);
});

afterAll(() => api.close());

describe("/events.ics with repeating events", () => {
  it("writes a series as one VEVENT that expands to exactly the dates the site lists", async () => {
    const response = await settle(() =>
      calendarLoader({ request: get("/events.ics"), context: context(), params: {} }),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z/);
    expect(text).toMatch(/RRULE:FREQ=MONTHLY;UNTIL=\d{8}T\d{6}Z;BYDAY=[A-Z]{2};BYSETPOS=-?\d/);
    expect(text).toMatch(/EXDATE;TZID=Europe\/London:\d{8}T\d{6}\r\n/);
    expect(text).toMatch(/RECURRENCE-ID;TZID=Europe\/London:\d{8}T\d{6}\r\n/);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(4);

    const listed = (await (
      await api.fetch(new Request(`${ORIGIN}/api/events?from=${new Date().toISOString()}`))
    ).json()) as Array<{
      date: string;
    }>;
    expect(expandedStarts(text)).toEqual(listed.map((one) => one.date).sort());
  });

  it("gives one date of a series its own date in its .ics", async () => {
    const list = (await (await call("/api/events")).json()) as Array<{
      id: number;
      seriesId?: number;
      date: string;
      name: string;
    }>;
    const third = list.filter((one) => one.name === "Quiz")[2];
    const response = await settle(() =>
      eventCalendarLoader({
        request: get(`/events/${third?.id}.ics`),
        context: context(),
        params: { id: String(third?.id) },
      }),
    );
    const starts = expandedStarts(await response.text());
    expect(starts).toEqual([third?.date]);
  });
});
