import { afterEach, beforeEach, expect } from "vitest";
import { validEvent } from "./content-fixtures";
import { json, makeApi, type TestApi } from "./helpers";
import { TEST_MAIL } from "./mail-subscribers";

/** The clock's start in these tests; the events are a week later. */
export const BOOKING_NOW = "2026-03-01T12:00:00.000Z";
export const EVENT_DATE = "2026-03-08T10:00:00.000Z";

export interface BookingApi {
  t: TestApi;
  token: string;
}

/**
 * For each test of a file: a fresh /api (e-mail set up as TEST_MAIL, client addresses
 * from X-Forwarded-For so each booking can come from its own family) and an
 * administrator's token.
 */
export function bookingApiEachTest(): BookingApi {
  const api = {} as BookingApi;
  beforeEach(async () => {
    api.t = await makeApi({ mail: TEST_MAIL, trustProxy: true });
    api.t.clock.current = new Date(BOOKING_NOW);
    api.token = await api.t.login();
  });
  afterEach(() => api.t.api.close());
  return api;
}

/** An event booked on this site through the product spec's call; answers its id. */
export async function siteEvent(api: BookingApi, booking: Record<string, unknown> = {}): Promise<number> {
  const res = await api.t.request("/api/admin/events", {
    method: "POST",
    token: api.token,
    json: { ...validEvent, date: EVENT_DATE, booking: { mode: "site", places: 10, ...booking } },
  });
  expect(res.status).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

let family = 0;

/** A family's booking from an address of its own; answers the response. */
export function book(api: BookingApi, eventId: number, body: Record<string, unknown>): Promise<Response> {
  family += 1;
  return api.t.request(`/api/events/${eventId}/bookings`, {
    method: "POST",
    headers: { "x-forwarded-for": `10.1.${Math.floor(family / 250) % 250}.${family % 250}` },
    json: { name: `Family ${family}`, email: `family${family}@example.org`, adults: 1, children: 1, ...body },
  });
}

export interface Placed {
  status: "confirmed" | "waiting";
  position?: number;
  url: string;
}

/** The private link's token in a booking's answer. */
export const tokenOf = (placed: Placed) => placed.url.slice(placed.url.lastIndexOf("/") + 1);

export async function availability(api: BookingApi, eventId: number) {
  const res = await api.t.request(`/api/events/${eventId}/availability`);
  expect(res.status).toBe(200);
  return json<{ places: number; taken: number; left: number; waiting: number; open: boolean }>(res);
}
