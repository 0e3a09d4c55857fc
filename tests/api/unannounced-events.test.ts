import { describe, expect, it } from "vitest";
import { bookingApiEachTest, EVENT_DATE } from "./booking-helpers";
import { validEvent } from "./content-fixtures";
import { HOUR, json } from "./helpers";

/**
 * The visitors' calls about several events at once answer only what is public now
 * (docs/product.md, 'Publishing'): a draft or a scheduled event, or a series none of whose
 * dates is out, is not told about, not even its places or its weekday.
 */
const api = bookingApiEachTest();

async function made(body: object): Promise<{ id: number; seriesId?: number }> {
  const res = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: body });
  expect(res.status).toBe(201);
  return json(res);
}

const siteBooked = (state: object) => ({
  ...validEvent,
  date: EVENT_DATE,
  booking: { mode: "site", places: 10 },
  ...state,
});
const IN_AN_HOUR = () => new Date(api.t.clock.now().getTime() + HOUR).toISOString();

async function availabilityIds(ids: number[]): Promise<number[]> {
  const res = await api.t.request(`/api/events/availability?ids=${ids.join(",")}`);
  expect(res.status).toBe(200);
  return (await json<{ items: Array<{ eventId: number }> }>(res)).items.map((item) => item.eventId).sort();
}

async function seriesAnswer(ids: number[]): Promise<Array<{ id: number; dates: Array<{ eventId: number }> }>> {
  const res = await api.t.request(`/api/event-series?ids=${ids.join(",")}`);
  expect(res.status).toBe(200);
  return json(res);
}

describe("unannounced events", () => {
  it("GET /api/events/availability?ids= leaves out draft and scheduled events until they are out", async () => {
    const out = await made(siteBooked({}));
    const draft = await made(siteBooked({ status: "draft" }));
    const scheduled = await made(siteBooked({ status: "scheduled", publishAt: IN_AN_HOUR() }));
    expect(await availabilityIds([out.id, draft.id, scheduled.id])).toEqual([out.id]);

    api.t.clock.advance(HOUR);
    expect(await availabilityIds([out.id, draft.id, scheduled.id])).toEqual([out.id, scheduled.id]);
  });

  it("GET /api/event-series?ids= answers a series only through the dates that are out", async () => {
    const weekly = { ...validEvent, date: EVENT_DATE, repeat: { every: "week", count: 3 } };
    const drafts = await made({ ...weekly, status: "draft" });
    const scheduled = await made({ ...weekly, status: "scheduled", publishAt: IN_AN_HOUR() });
    const out = await made(weekly);
    const ids = [drafts.seriesId ?? 0, scheduled.seriesId ?? 0, out.seriesId ?? 0];

    // One date of the public series taken back to a draft: the others are still answered.
    const listed = await json<Array<{ id: number; seriesId?: number }>>(await api.t.request("/api/events"));
    const second = listed.filter((event) => event.seriesId === out.seriesId)[1];
    const opened = await json(await api.t.request(`/api/admin/events/${second?.id}`, { token: api.token }));
    const back = { ...opened, status: "draft" };
    expect(
      (await api.t.request(`/api/admin/events/${second?.id}`, { method: "PUT", token: api.token, json: back })).status,
    ).toBe(200);

    const answered = await seriesAnswer(ids);
    expect(answered.map((series) => series.id)).toEqual([out.seriesId]);
    expect(answered[0]?.dates.map((date) => date.eventId)).not.toContain(second?.id);
    expect(answered[0]?.dates).toHaveLength(2);

    api.t.clock.advance(HOUR);
    expect((await seriesAnswer(ids)).map((series) => series.id)).toEqual([scheduled.seriesId, out.seriesId]);
  });
});
