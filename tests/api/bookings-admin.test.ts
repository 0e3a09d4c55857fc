import { expect, it } from "vitest";
import { availability, book, bookingApiEachTest, siteEvent, type Placed } from "./booking-helpers";
import { json, type ErrorJson } from "./helpers";

const api = bookingApiEachTest();

interface DoorList {
  items: {
    id: number;
    name: string;
    childName: string | null;
    childClass: string | null;
    status: string;
    position: number | null;
    byHand: boolean;
  }[];
  total: number;
  page: number;
  pages: number;
  availability: { taken: number; waiting: number; places: number };
}

const doorList = async (id: number, query = "") => {
  const res = await api.t.request(`/api/admin/events/${id}/bookings${query}`, { token: api.token });
  expect(res.status).toBe(200);
  return json<DoorList>(res);
};
const byHand = (id: number, body: Record<string, unknown>) =>
  api.t.request(`/api/admin/events/${id}/bookings`, { method: "POST", token: api.token, json: body });

it("the door list: confirmed then waiting, by name or by class and child, with the counts", async () => {
  const id = await siteEvent(api, { places: 4, askChild: true });
  const child = (name: string, childName: string, childClass: string, adults = 1) =>
    book(api, id, { name, adults, children: 1, childName, childClass });
  await child("Zoe Adams", "Mia", "Year 2");
  await child("Ben Carter", "Leo", "Year 1");
  await child("Amy Brown", "Ava", "Year 3", 2);
  const list = await doorList(id);
  expect(list.items.map((row) => [row.name, row.status, row.position])).toEqual([
    ["Ben Carter", "confirmed", null],
    ["Zoe Adams", "confirmed", null],
    ["Amy Brown", "waiting", 1],
  ]);
  expect(list.availability).toMatchObject({ places: 4, taken: 4, waiting: 1 });
  const byClass = await doorList(id, "?sort=class");
  expect(byClass.items.map((row) => row.childClass)).toEqual(["Year 1", "Year 2", "Year 3"]);
  const wrong = await api.t.request(`/api/admin/events/${id}/bookings?sort=age`, { token: api.token });
  expect(wrong.status).toBe(400);
  expect((await api.t.request(`/api/admin/events/${id}/bookings`)).status).toBe(401);
});

it("a phone booking by hand (closing time aside), a cancellation that lets the waiting family in, and closing now", async () => {
  const id = await siteEvent(api, { places: 3, closesAt: "2026-03-02T00:00:00.000Z" });
  api.t.clock.current = new Date("2026-03-03T12:00:00.000Z");
  // Two days on: signed in again, as the organiser would.
  api.token = await api.t.login();
  const phone = await byHand(id, { name: "Grandad Jones", adults: 2, children: 1 });
  expect(phone.status).toBe(201);
  const { id: phoneId } = await json<{ id: number; status: string }>(phone);
  const waiting = await byHand(id, { name: "The Smiths", email: "smiths@example.org", adults: 1, children: 1 });
  expect(await json(waiting)).toMatchObject({ status: "waiting", position: 1 });

  const cancelled = await api.t.request(`/api/admin/bookings/${phoneId}`, { method: "DELETE", token: api.token });
  expect(await json(cancelled)).toEqual({ id: phoneId, status: "cancelled" });
  const list = await doorList(id);
  expect(list.items.map((row) => [row.name, row.status, row.byHand])).toEqual([["The Smiths", "confirmed", true]]);
  expect((await api.t.request(`/api/admin/bookings/${phoneId}`, { method: "DELETE", token: api.token })).status).toBe(
    404,
  );

  const open = await siteEvent(api, { places: 3 });
  expect(await availability(api, open)).toMatchObject({ open: true });
  const closed = await api.t.request(`/api/admin/events/${open}/bookings/close`, { method: "POST", token: api.token });
  expect(await json(closed)).toMatchObject({ open: false });
  const late = await book(api, open, {});
  expect(await json<ErrorJson>(late)).toMatchObject({ message: "Bookings are closed" });
});

it("the CSV: every live booking, formula-safe; the counts for Manage Events come in one call", async () => {
  const id = await siteEvent(api, { places: 10 });
  await book(api, id, { name: "=HYPERLINK(1)", adults: 2, children: 0 });
  const other = await siteEvent(api, { places: 5 });
  const res = await api.t.request(`/api/admin/events/${id}/bookings.csv`, { token: api.token });
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const lines = (await res.text()).split("\r\n");
  expect(lines[0]).toBe("name,email,adults,children,child_name,child_class,status,booked_at");
  expect(lines[1]).toMatch(/^'=HYPERLINK\(1\),family\d+@example.org,2,0,,,confirmed,2026-03-01T12:00:00.000Z$/);

  const counts = await api.t.request(`/api/admin/events/bookings?ids=${id},${other},999`, { token: api.token });
  expect(await json(counts)).toMatchObject({
    items: [
      { eventId: id, places: 10, taken: 2, waiting: 0 },
      { eventId: other, places: 5, taken: 0, waiting: 0 },
    ],
  });
  const publicCounts = await api.t.request(`/api/events/availability?ids=${id}`);
  expect(await json(publicCounts)).toMatchObject({ items: [{ eventId: id, left: 8 }] });
  expect((await api.t.request("/api/events/availability?ids=" + "1,".repeat(50) + "1")).status).toBe(400);
});

it("a booking's private link is e-mailed again on request, with the same answer for any address", async () => {
  const id = await siteEvent(api);
  const first = await json<Placed>(await book(api, id, { email: "kim@example.org" }));
  api.t.clock.advance(10 * 60_000);
  for (const email of ["kim@example.org", "nobody@example.org"]) {
    const res = await api.t.request("/api/bookings/resend", { method: "POST", json: { eventId: id, email } });
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({
      message: "If that address has a booking for this event, we've e-mailed its link.",
    });
  }
  // The family's own link, which keeps working.
  expect((await api.t.request(new URL(first.url).pathname.replace("/bookings/", "/api/bookings/"))).status).toBe(200);
  const sent = await api.t.api.store.db
    .selectFrom("mail_outbox")
    .select(["to_address", "text_body"])
    .where("key", "like", "booking-link:%")
    .execute();
  expect(sent.map((row) => row.to_address)).toEqual(["kim@example.org"]);
  expect(sent[0].text_body).toContain(first.url);
});
