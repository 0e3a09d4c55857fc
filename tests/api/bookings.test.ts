import { describe, expect, it } from "vitest";
import { availability, book, bookingApiEachTest, EVENT_DATE, siteEvent, tokenOf, type Placed } from "./booking-helpers";
import { validEvent } from "./content-fixtures";
import { json, type ErrorJson } from "./helpers";
import { TEST_MAIL } from "./mail-subscribers";

const api = bookingApiEachTest();

const placed = async (res: Response) => {
  expect(res.status).toBe(201);
  return json<Placed>(res);
};
const booking = async (token: string) => {
  const res = await api.t.request(`/api/bookings/${token}`);
  expect(res.status).toBe(200);
  return json<{ status: string; position: number | null; adults: number; children: number }>(res);
};
const outboxTo = (email: string) =>
  api.t.api.store.db
    .selectFrom("mail_outbox")
    .select(["key", "subject", "text_body"])
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();

describe("choosing how parents book", () => {
  it("an event booked on this site points the spec's bookingUrl at its own page; the spec's answer keeps its shape", async () => {
    const id = await siteEvent(api, { places: 40 });
    const res = await api.t.request(`/api/events/${id}`);
    const event = await json<Record<string, unknown>>(res);
    expect(event.bookingUrl).toBe(`${TEST_MAIL.siteUrl}/events/${id}/book`);
    expect(event).not.toHaveProperty("booking");
    expect(await availability(api, id)).toMatchObject({
      mode: "site",
      places: 40,
      taken: 0,
      left: 40,
      waiting: 0,
      open: true,
    });
    const settings = await json(await api.t.request(`/api/admin/events/${id}/booking`, { token: api.token }));
    expect(settings).toEqual({
      mode: "site",
      places: 40,
      maxPerBooking: 6,
      askChild: false,
      closesAt: null,
      waitingList: true,
    });

    // Left out on an edit: unchanged, and the URL stays the site's own whatever is sent.
    const edited = await api.t.request(`/api/admin/events/${id}`, {
      method: "PUT",
      token: api.token,
      json: { ...validEvent, date: EVENT_DATE, name: "Bike ride (new route)" },
    });
    expect((await json<{ bookingUrl: string }>(edited)).bookingUrl).toBe(`${TEST_MAIL.siteUrl}/events/${id}/book`);
    expect(await availability(api, id)).toMatchObject({ places: 40 });
  });

  it("an event booked elsewhere says so; the settings are checked and named by field", async () => {
    const res = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: validEvent });
    const { id } = await json<{ id: number }>(res);
    expect(await json(await api.t.request(`/api/events/${id}/availability`))).toEqual({ mode: "external" });
    const refused = await api.t.request(`/api/admin/events/${id}`, {
      method: "PUT",
      token: api.token,
      json: { ...validEvent, booking: { mode: "site", places: 1001 } },
    });
    expect(refused.status).toBe(400);
    expect(await json<ErrorJson>(refused)).toMatchObject({ field: "booking.places" });
  });

  it("moving to another site is refused while bookings are live; fewer places than taken is refused", async () => {
    const id = await siteEvent(api, { places: 5 });
    await placed(await book(api, id, { adults: 2, children: 2 }));
    const fewer = await api.t.request(`/api/admin/events/${id}`, {
      method: "PUT",
      token: api.token,
      json: { ...validEvent, date: EVENT_DATE, booking: { mode: "site", places: 3 } },
    });
    expect(fewer.status).toBe(400);
    expect(await json<ErrorJson>(fewer)).toMatchObject({
      field: "booking.places",
      message: "booking.places: must be at least the 4 places already booked",
    });
    const away = await api.t.request(`/api/admin/events/${id}`, {
      method: "PUT",
      token: api.token,
      json: { ...validEvent, booking: { mode: "external" } },
    });
    expect(away.status).toBe(409);
    expect(await json<ErrorJson>(away)).toMatchObject({ field: "booking.mode" });
  });
});

describe("booking", () => {
  it("confirms while places are left, then puts families on the waiting list in the order they came", async () => {
    const id = await siteEvent(api, { places: 5 });
    const first = await placed(await book(api, id, { adults: 2, children: 1 }));
    expect(first.status).toBe("confirmed");
    expect(first.url).toMatch(new RegExp(`^${TEST_MAIL.siteUrl}/bookings/[A-Za-z0-9_-]{22}$`));
    const second = await placed(await book(api, id, { adults: 1, children: 2 }));
    expect(second).toMatchObject({ status: "waiting", position: 1 });
    const third = await placed(await book(api, id, { adults: 2, children: 0 }));
    // Two places were left: a party of two fits, even with someone waiting before it.
    expect(third.status).toBe("confirmed");
    const fourth = await placed(await book(api, id, { adults: 1, children: 0 }));
    expect(fourth).toMatchObject({ status: "waiting", position: 2 });
    expect(await availability(api, id)).toMatchObject({ taken: 5, left: 0, waiting: 2 });
  });

  it("fills itself from the waiting list in arrival order, each only if it fits", async () => {
    const id = await siteEvent(api, { places: 4 });
    const big = await placed(await book(api, id, { adults: 2, children: 2 }));
    const waitingThree = await placed(await book(api, id, { adults: 1, children: 2 }));
    const waitingTwo = await placed(await book(api, id, { adults: 2, children: 0 }));
    const waitingOne = await placed(await book(api, id, { adults: 1, children: 0 }));
    expect([waitingThree, waitingTwo, waitingOne].map((p) => p.position)).toEqual([1, 2, 3]);

    // The party of four becomes two: two places free; the three do not fit, the two do.
    const smaller = await api.t.request(`/api/bookings/${tokenOf(big)}`, {
      method: "PUT",
      json: { adults: 1, children: 1 },
    });
    expect(smaller.status).toBe(200);
    expect(await booking(tokenOf(waitingThree))).toMatchObject({ status: "waiting", position: 1 });
    expect(await booking(tokenOf(waitingTwo))).toMatchObject({ status: "confirmed", position: null });
    expect(await booking(tokenOf(waitingOne))).toMatchObject({ status: "waiting", position: 2 });

    // Cancelled: the three come in first (the order they came), then nobody else fits.
    const cancelled = await api.t.request(`/api/bookings/${tokenOf(big)}`, { method: "DELETE" });
    expect(await json(cancelled)).toMatchObject({ status: "cancelled" });
    expect(await booking(tokenOf(waitingThree))).toMatchObject({ status: "waiting" });
    const more = await api.t.request(`/api/admin/events/${id}`, {
      method: "PUT",
      token: api.token,
      json: { ...validEvent, date: EVENT_DATE, booking: { mode: "site", places: 6 } },
    });
    expect(more.status).toBe(200);
    expect(await booking(tokenOf(waitingThree))).toMatchObject({ status: "confirmed" });
    expect(await booking(tokenOf(waitingOne))).toMatchObject({ status: "confirmed" });
    expect(await availability(api, id)).toMatchObject({ taken: 6, left: 0, waiting: 0 });

    // Each family let in is told, once.
    const rows = await api.t.api.store.db
      .selectFrom("mail_outbox")
      .select(["key", "subject"])
      .where("key", "like", "booking-admitted:%")
      .execute();
    expect(rows.map((row) => row.subject).sort()).toEqual([
      "A place has come up: you're booked for Bike ride",
      "A place has come up: you're booked for Bike ride",
      "A place has come up: you're booked for Bike ride",
    ]);
  });

  it("changes within the places left, and says how many are left when not", async () => {
    const id = await siteEvent(api, { places: 5, waitingList: false });
    const mine = await placed(await book(api, id, { adults: 1, children: 1 }));
    await placed(await book(api, id, { adults: 2, children: 0 }));
    const grown = await api.t.request(`/api/bookings/${tokenOf(mine)}`, {
      method: "PUT",
      json: { adults: 2, children: 2 },
    });
    expect(grown.status).toBe(409);
    expect(await json<ErrorJson>(grown)).toMatchObject({ message: "Only 1 place left" });
    const fits = await api.t.request(`/api/bookings/${tokenOf(mine)}`, {
      method: "PUT",
      json: { adults: 2, children: 1 },
    });
    expect(await json(fits)).toMatchObject({ adults: 2, children: 1, status: "confirmed" });
    const full = await book(api, id, { adults: 1, children: 0 });
    expect(full.status).toBe(409);
    expect(await json<ErrorJson>(full)).toMatchObject({ message: "Fully booked" });
  });

  it("checks the party against the event: its size, and the child when asked for", async () => {
    const id = await siteEvent(api, { places: 20, maxPerBooking: 3, askChild: true });
    const tooMany = await book(api, id, { adults: 2, children: 2, childName: "Ada", childClass: "Year 2" });
    expect(tooMany.status).toBe(400);
    expect(await json<ErrorJson>(tooMany)).toMatchObject({
      field: "adults",
      message: "adults: must be at most 3 with the children",
    });
    const noChild = await book(api, id, { adults: 1, children: 1 });
    expect(await json<ErrorJson>(noChild)).toMatchObject({ field: "childName" });
    const none = await book(api, id, { adults: 0, children: 0 });
    expect(await json<ErrorJson>(none)).toMatchObject({ field: "adults" });
    const bad = await book(api, id, { email: "not an address" });
    expect(await json<ErrorJson>(bad)).toMatchObject({ field: "email" });
  });

  it("a second booking with the same address is not made, and the family's own link is e-mailed", async () => {
    const id = await siteEvent(api);
    const first = await placed(await book(api, id, { email: "Sam@Example.org" }));
    // Ten minutes after the booked e-mail (which carries the link), the next one may go.
    api.t.clock.advance(10 * 60_000);
    const again = await book(api, id, { email: "sam@example.org" });
    expect(again.status).toBe(409);
    expect(await json<ErrorJson>(again)).toMatchObject({
      message: "This e-mail address already has a booking for this event. We've e-mailed you its link.",
    });
    // The e-mailed link is the one the family has, which still works.
    expect(await booking(tokenOf(first))).toMatchObject({ status: "confirmed" });
    const mails = await outboxTo("Sam@Example.org");
    expect(mails.map((m) => m.subject)).toEqual([
      "You're booked: 1 adult, 1 child for Bike ride",
      "Your booking for Bike ride",
    ]);
    expect(mails[1].text_body).toContain(first.url);
  });

  it("closes at its closing time, and the event's start: changes stop, cancelling goes on until the start", async () => {
    const id = await siteEvent(api, { closesAt: "2026-03-05T18:00:00.000Z" });
    const mine = await placed(await book(api, id, {}));
    api.t.clock.current = new Date("2026-03-05T18:00:00.000Z");
    expect(await availability(api, id)).toMatchObject({ open: false });
    const late = await book(api, id, {});
    expect(late.status).toBe(409);
    expect(await json<ErrorJson>(late)).toMatchObject({ message: "Bookings are closed" });
    const change = await api.t.request(`/api/bookings/${tokenOf(mine)}`, {
      method: "PUT",
      json: { adults: 2, children: 1 },
    });
    expect(change.status).toBe(409);
    expect((await api.t.request(`/api/bookings/${tokenOf(mine)}`, { method: "DELETE" })).status).toBe(200);
  });

  it("a dead or malformed private link is a 404 in words", async () => {
    for (const token of ["x".repeat(22), "short"]) {
      const res = await api.t.request(`/api/bookings/${token}`);
      expect(res.status).toBe(404);
      expect(await json<ErrorJson>(res)).toMatchObject({ message: "This link no longer works." });
    }
  });
});

describe("many families at once", () => {
  it("200 booking the last 40 places at the same moment: exactly 40 places, the rest waiting in arrival order", async () => {
    const id = await siteEvent(api, { places: 40 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => book(api, id, { adults: 1, children: 0 }).then(placed)),
    );
    const confirmed = answers.filter((a) => a.status === "confirmed");
    expect(confirmed).toHaveLength(40);
    const positions = answers.filter((a) => a.status === "waiting").map((a) => a.position);
    expect(positions.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 160 }, (_, n) => n + 1));
    expect(await availability(api, id)).toMatchObject({ taken: 40, left: 0, waiting: 160 });
    // Arrival order is id order: every confirmed booking came before every waiting one.
    const rows = await api.t.api.store.db
      .selectFrom("bookings")
      .select(["id", "status"])
      .where("event_id", "=", id)
      .orderBy("id")
      .execute();
    expect(rows.slice(0, 40).every((row) => row.status === "confirmed")).toBe(true);
  });
});
