import { describe, expect, it } from "vitest";
import { extendAllSeries } from "../../api/store/series-dates";
import { validEvent } from "./content-fixtures";
import { freshApiEachTest, HOUR, json } from "./helpers";

/**
 * What a calendar reads of a repeating series (GET /api/event-series, docs/product.md,
 * 'Repeating events'): `changedAt` moves with every change a calendar shows, so its entry's
 * SEQUENCE, DTSTAMP and LAST-MODIFIED do (RFC 5545 3.8.7.4); and the subscription's window
 * (`from`) lists each series once, with its events, however many dates it has.
 */
const api = freshApiEachTest();

interface Series {
  id: number;
  createdAt: string;
  changedAt: string;
  dates: Array<{ eventId: number; seriesDate: string; changed: boolean }>;
  events: Array<{ id: number; name: string }>;
}

const send = (method: string, path: string, body?: unknown) =>
  api.t.request(path, { method, token: api.token, json: body });

async function weekly(count: number, extra: object = {}): Promise<{ id: number; seriesId: number }> {
  const res = await send("POST", "/api/admin/events", {
    ...validEvent,
    date: "2026-03-21T10:00:00.000Z",
    repeat: { every: "week", count },
    ...extra,
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function seriesOf(seriesId: number): Promise<Series> {
  const [series] = await json<Series[]>(await api.t.request(`/api/event-series?ids=${seriesId}`));
  if (!series) throw new Error(`series ${seriesId} not answered`);
  return series;
}

/** The clock moved on a minute: the moment a change is made at. */
function later(): string {
  api.t.clock.advance(60_000);
  return api.t.clock.now().toISOString();
}

describe("a series' changes, as calendars read them", () => {
  it("moves changedAt when a date is deleted, changed alone, or the series shortened", async () => {
    const made = await weekly(6);
    const start = await seriesOf(made.seriesId);
    expect(start.changedAt).toBe(start.createdAt);
    const [, second, third, , fifth] = start.dates;

    let at = later();
    expect((await send("DELETE", `/api/admin/events/${second?.eventId}`)).status).toBe(200);
    expect((await seriesOf(made.seriesId)).changedAt).toBe(at);

    at = later();
    const opened = await json(await send("GET", `/api/admin/events/${third?.eventId}`));
    expect((await send("PUT", `/api/admin/events/${third?.eventId}`, { ...opened, name: "Long ride" })).status).toBe(
      200,
    );
    const changed = await seriesOf(made.seriesId);
    expect(changed.changedAt).toBe(at);
    expect(changed.events.map((event) => event.name)).toEqual(["Bike ride", "Long ride"]);

    at = later();
    expect((await send("DELETE", `/api/admin/events/${fifth?.eventId}?scope=following`)).status).toBe(200);
    const shorter = await seriesOf(made.seriesId);
    expect(shorter.changedAt).toBe(at);
    expect(shorter.dates.map((date) => date.seriesDate)).toEqual(["2026-03-21", "2026-04-04", "2026-04-11"]);
  });

  it("moves changedAt when the upkeep makes new dates, and when a scheduled date comes out", async () => {
    const made = await weekly(100);
    const before = await seriesOf(made.seriesId);
    api.t.clock.advance(10 * 24 * HOUR);
    expect(await extendAllSeries(api.t.api.store.db, "Europe/London", api.t.clock.now())).toBeGreaterThan(0);
    expect((await seriesOf(made.seriesId)).changedAt).toBe(api.t.clock.now().toISOString());
    expect((await seriesOf(made.seriesId)).dates.length).toBeGreaterThan(before.dates.length);
    api.token = await api.t.login(); // The sign-in of ten days ago has ended.

    // One date taken back and scheduled for an hour from now.
    const date = before.dates[3];
    const opened = await json(await send("GET", `/api/admin/events/${date?.eventId}`));
    const inAnHour = new Date(api.t.clock.now().getTime() + HOUR).toISOString();
    const put = await send("PUT", `/api/admin/events/${date?.eventId}`, {
      ...opened,
      status: "scheduled",
      publishAt: inAnHour,
    });
    expect(put.status).toBe(200);
    api.t.clock.advance(HOUR);
    expect(await api.t.api.announcePublished()).toBe(1);
    expect((await seriesOf(made.seriesId)).changedAt).toBe(api.t.clock.now().toISOString());
  });

  it("lists each series with a public date from `from` on, with those dates alone", async () => {
    const one = await weekly(4);
    const draft = await weekly(4, { status: "draft" });
    const other = await weekly(2, { date: "2026-05-02T10:00:00.000Z" });
    const res = await api.t.request("/api/event-series?from=2026-04-01T00:00:00.000Z&limit=10");
    expect(res.status).toBe(200);
    const listed = await json<Series[]>(res);
    expect(listed.map((series) => series.id)).toEqual([one.seriesId, other.seriesId]);
    expect(listed[0]?.dates.map((date) => date.seriesDate)).toEqual(["2026-04-04", "2026-04-11"]);
    expect(listed.map((series) => series.id)).not.toContain(draft.seriesId);
    const paged = await json<Series[]>(await api.t.request("/api/event-series?from=2026-04-01T00:00:00Z&offset=1"));
    expect(paged.map((series) => series.id)).toEqual([other.seriesId]);
    expect((await api.t.request("/api/event-series")).status).toBe(400);
    expect((await api.t.request("/api/event-series?from=soon")).status).toBe(400);
  });

  it("lists the single events alone with single=true", async () => {
    await weekly(3);
    expect((await send("POST", "/api/admin/events", { ...validEvent, name: "Quiz" })).status).toBe(201);
    const singles = await json<Array<{ name: string }>>(await api.t.request("/api/events?single=true"));
    expect(singles.map((event) => event.name)).toEqual(["Quiz"]);
    expect((await api.t.request("/api/events?single=yes")).status).toBe(400);
  });
});
