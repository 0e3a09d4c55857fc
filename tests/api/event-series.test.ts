import { describe, expect, it } from "vitest";
import { extendAllSeries } from "../../api/store/series-dates";
import { expect400, validEvent } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/** Repeating events through the /api (docs/product.md, 'Repeating events'), on either store; the site's clocks are Europe/London. */
const api = freshApiEachTest();

interface Event {
  id: number;
  name: string;
  date: string;
  seriesId?: number;
  series?: { id: number; every: string; until: string | null; count: number | null; termTimeOnly: boolean };
  version: number;
}

const send = (method: string, path: string, body?: unknown) =>
  api.t.request(path, { method, token: api.token, json: body });

async function makeSeries(body: object): Promise<Event> {
  const res = await send("POST", "/api/admin/events", { ...validEvent, ...body });
  expect(res.status).toBe(201);
  return json<Event>(res);
}

const publicList = async () => json<Event[]>(await api.t.request("/api/events"));
const datesOf = (events: Event[]) => events.map((event) => event.date);

describe("repeating events", () => {
  it("makes every date an event of its own, 10:00 on the site's clocks across the March change", async () => {
    const first = await makeSeries({ date: "2026-03-21T10:00:00.000Z", repeat: { every: "week", count: 4 } });
    expect(first.seriesId).toEqual(expect.any(Number));
    expect(first.series).toEqual({ id: first.seriesId, every: "week", until: null, count: 4, termTimeOnly: false });
    expect(first.date).toBe("2026-03-21T10:00:00.000Z");

    const listed = await publicList();
    expect(datesOf(listed)).toEqual([
      "2026-03-21T10:00:00.000Z",
      "2026-03-28T10:00:00.000Z",
      "2026-04-04T09:00:00.000Z",
      "2026-04-11T09:00:00.000Z",
    ]);
    expect(new Set(listed.map((event) => event.id)).size).toBe(4);
    expect(listed.every((event) => event.seriesId === first.seriesId && event.series === undefined)).toBe(true);

    const one = await json<Event>(await api.t.request(`/api/events/${listed[2]?.id}`));
    expect(one).toMatchObject({ name: validEvent.name, seriesId: first.seriesId, date: "2026-04-04T09:00:00.000Z" });
    const admin = await json<Event>(await send("GET", `/api/admin/events/${listed[3]?.id}`));
    expect(admin.series).toEqual(first.series);

    // Each date is found by search as a new event is.
    const found = await json<{ total: number }>(await api.t.request("/api/search?q=bike"));
    expect(found.total).toBe(4);
  });

  it("keeps 10:00 on the site's clocks across the October change too", async () => {
    await makeSeries({ date: "2026-10-17T09:00:00.000Z", repeat: { every: "week", count: 3 } });
    expect(datesOf(await publicList())).toEqual([
      "2026-10-17T09:00:00.000Z",
      "2026-10-24T09:00:00.000Z",
      "2026-10-31T10:00:00.000Z",
    ]);
  });

  it("skips half-term in term time only, counting only the dates held", async () => {
    for (const term of [
      { name: "Spring 2", startDate: "2026-02-23", endDate: "2026-03-27" },
      { name: "Summer 1", startDate: "2026-04-13", endDate: "2026-05-22" },
    ]) {
      expect((await send("POST", "/api/admin/terms", term)).status).toBe(201);
    }
    // 2026-03-14 is a Saturday: Easter holidays skip 28 March to 11 April.
    const first = await makeSeries({
      date: "2026-03-14T10:00:00.000Z",
      repeat: { every: "week", count: 4, termTimeOnly: true },
    });
    expect(first.series).toMatchObject({ termTimeOnly: true, count: 4 });
    expect(datesOf(await publicList())).toEqual([
      "2026-03-14T10:00:00.000Z",
      "2026-03-21T10:00:00.000Z",
      "2026-04-18T09:00:00.000Z",
      "2026-04-25T09:00:00.000Z",
    ]);

    // A first date in the holidays: the series starts on the first date it holds.
    const later = await makeSeries({
      name: "Swim",
      date: "2026-04-04T09:00:00.000Z",
      repeat: { every: "2weeks", until: "2026-05-02", termTimeOnly: true },
    });
    expect(later.date).toBe("2026-04-18T09:00:00.000Z");

    const res = await send("POST", "/api/admin/events", {
      ...validEvent,
      date: "2026-06-06T09:00:00.000Z",
      repeat: { every: "week", count: 3, termTimeOnly: true },
    });
    await expect400(res, "repeat");
  });

  it("refuses a repeat without until or count, with both, or past 100, naming the field", async () => {
    const post = (repeat: object) => send("POST", "/api/admin/events", { ...validEvent, repeat });
    await expect400(await post({ every: "week" }), "repeat.until");
    await expect400(await post({ every: "week", until: "2026-05-01", count: 3 }), "repeat.count");
    await expect400(await post({ every: "week", count: 101 }), "repeat.count");
    await expect400(await post({ every: "daily", count: 3 }), "repeat.every");
    await expect400(await post({ every: "week", until: "1 May" }), "repeat.until");
    await expect400(await post({ every: "week", until: "2026-01-01" }), "repeat.until");
    expect(await publicList()).toEqual([]);
  });

  it("makes dates only 18 months ahead, and the month rules' dates", async () => {
    await makeSeries({ date: "2026-03-07T10:00:00.000Z", repeat: { every: "month-weekday", until: "2030-01-01" } });
    const dates = datesOf(await publicList());
    expect(dates.slice(0, 3)).toEqual([
      "2026-03-07T10:00:00.000Z",
      "2026-04-04T09:00:00.000Z",
      "2026-05-02T09:00:00.000Z",
    ]);
    // The clock is 1 March 2026: the window ends 1 September 2027.
    expect(dates.at(-1)).toBe("2027-08-07T09:00:00.000Z");
    expect(dates).toHaveLength(18);
  });

  it("changes one date alone, keeping its id and seriesId", async () => {
    const first = await makeSeries({ date: "2026-03-21T10:00:00.000Z", repeat: { every: "week", count: 3 } });
    const [, second] = await publicList();
    const admin = await json<Event>(await send("GET", `/api/admin/events/${second?.id}`));
    const res = await send("PUT", `/api/admin/events/${second?.id}`, {
      ...validEvent,
      ...admin,
      name: "Bike ride (long)",
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: second?.id, seriesId: first.seriesId, name: "Bike ride (long)" });
    expect((await publicList()).map((event) => event.name)).toEqual(["Bike ride", "Bike ride (long)", "Bike ride"]);
  });

  it("changes all dates' fields and time of day, keeping their dates", async () => {
    const first = await makeSeries({ date: "2026-03-21T10:00:00.000Z", repeat: { every: "week", count: 3 } });
    const [, second] = await publicList();
    const admin = await json<Event>(await send("GET", `/api/admin/events/${second?.id}`));
    const res = await send("PUT", `/api/admin/events/${second?.id}?scope=all`, {
      ...validEvent,
      version: admin.version,
      name: "Cycle ride",
      date: "2026-03-28T11:30:00.000Z",
    });
    expect(res.status).toBe(200);
    const listed = await publicList();
    expect(listed.map((event) => [event.name, event.date])).toEqual([
      ["Cycle ride", "2026-03-21T11:30:00.000Z"],
      ["Cycle ride", "2026-03-28T11:30:00.000Z"],
      ["Cycle ride", "2026-04-04T10:30:00.000Z"],
    ]);
    expect(listed[0]?.id).toBe(first.id);

    // A stale version of the one opened is refused, and nothing is written.
    const stale = await send("PUT", `/api/admin/events/${second?.id}?scope=all`, {
      ...validEvent,
      version: admin.version,
      name: "Stale",
    });
    expect(stale.status).toBe(409);
    expect((await publicList()).map((event) => event.name)).not.toContain("Stale");
  });

  it("changes this and following: the series is split, the earlier dates stay", async () => {
    const first = await makeSeries({ date: "2026-03-21T10:00:00.000Z", repeat: { every: "week", count: 4 } });
    const [, , third] = await publicList();
    const res = await send("PUT", `/api/admin/events/${third?.id}?scope=following`, {
      ...validEvent,
      name: "Evening ride",
      date: "2026-04-04T17:00:00.000Z",
    });
    expect(res.status).toBe(200);
    const changed = await json<Event>(res);
    expect(changed.seriesId).not.toBe(first.seriesId);
    expect(changed.series).toMatchObject({ every: "week", count: 2 });
    const listed = await publicList();
    expect(listed.map((event) => [event.name, event.date, event.seriesId])).toEqual([
      ["Bike ride", "2026-03-21T10:00:00.000Z", first.seriesId],
      ["Bike ride", "2026-03-28T10:00:00.000Z", first.seriesId],
      ["Evening ride", "2026-04-04T17:00:00.000Z", changed.seriesId],
      ["Evening ride", "2026-04-11T17:00:00.000Z", changed.seriesId],
    ]);
    const old = await json<Event>(await send("GET", `/api/admin/events/${first.id}`));
    expect(old.series).toMatchObject({ until: "2026-04-03", count: null });
  });

  it("deletes one date, this and following, or all", async () => {
    const first = await makeSeries({ date: "2026-03-21T10:00:00.000Z", repeat: { every: "week", count: 5 } });
    const ids = (await publicList()).map((event) => event.id);
    expect((await send("DELETE", `/api/admin/events/${ids[1]}`)).status).toBe(200);
    expect((await publicList()).map((event) => event.id)).toEqual([ids[0], ids[2], ids[3], ids[4]]);

    const following = await send("DELETE", `/api/admin/events/${ids[3]}?scope=following`);
    expect(following.status).toBe(200);
    expect(await json(following)).toEqual({ ok: true });
    expect((await publicList()).map((event) => event.id)).toEqual([ids[0], ids[2]]);
    const old = await json<Event>(await send("GET", `/api/admin/events/${first.id}`));
    expect(old.series).toMatchObject({ until: "2026-04-10", count: null });

    expect((await send("DELETE", `/api/admin/events/${ids[2]}?scope=all`)).status).toBe(200);
    expect(await publicList()).toEqual([]);
    await expect400(await send("DELETE", `/api/admin/events/${ids[0]}?scope=some`), "scope");
  });

  it("makes the window's new dates each day, once, as the clock moves on", async () => {
    await makeSeries({ date: "2026-03-07T10:00:00.000Z", repeat: { every: "month-date", until: "2029-01-01" } });
    const before = datesOf(await publicList());
    expect(before.at(-1)).toBe("2027-08-07T09:00:00.000Z");

    api.t.clock.advance(70 * 24 * 60 * 60 * 1000); // 10 May 2026: the window ends 10 November 2027.
    const { db } = api.t.api.store;
    expect(await extendAllSeries(db, "Europe/London", api.t.clock.now())).toBe(3);
    expect(await extendAllSeries(db, "Europe/London", api.t.clock.now())).toBe(0);
    const after = datesOf(await publicList());
    expect(after.slice(before.length)).toEqual([
      "2027-09-07T09:00:00.000Z",
      "2027-10-07T09:00:00.000Z",
      "2027-11-07T10:00:00.000Z",
    ]);
  });
});
