import { describe, expect, it } from "vitest";
import { action as eventsAction, loader as eventsLoader } from "~/routes/admin.events";
import { action as doorAction, loader as doorLoader } from "~/routes/admin.events_.$id.bookings";
import { loader as csvLoader } from "~/routes/admin.events_.$id.bookings[.]csv";
import { bookingsLine, partyWords, statusWords } from "~/lib/admin/bookings/booking-words";
import { args, failureOf, settle, signedInWithToken } from "./admin-test-helpers";
import { flashOf, get, ORIGIN, post } from "./harness";

/**
 * The organiser's side of bookings on the club's own site (docs/product.md, 'Bookings'), as
 * a browser without JavaScript uses it, against the real in-process /api: the event form's
 * 'How do parents book?', the counts on Manage Events, and the door list with its changes.
 */
const session = signedInWithToken();

const EVENT = {
  name: "Bike day",
  date: "2031-06-01T10:00",
  comment: "Bring a helmet.",
  location: "",
  organiser: "",
  imageUrl: "",
  imageAlt: "",
};

async function api(path: string, init: { method?: string; json?: unknown } = {}) {
  const response = await session.h.api.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    }),
  );
  return response;
}

/** An event booked on this site, made through the /api; its id. */
async function siteEvent(name: string, places = 4, waitingList = true): Promise<string> {
  const response = await api("/api/admin/events", {
    method: "POST",
    json: {
      name,
      date: "2031-06-01T09:00:00.000Z",
      comment: "A day out.",
      bookingUrl: "https://example.org/elsewhere",
      booking: { mode: "site", places, maxPerBooking: 6, askChild: true, closesAt: null, waitingList },
    },
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: string | number }).id);
}

/** Manage Events' form, sent as a browser without JavaScript sends it. */
const sendEvents = async (fields: Record<string, string>) =>
  settle(() => eventsAction(args(post("/admin/events", fields, session.cookie), session.h.context)));
const withId = (request: Request, id: string) => ({ ...args(request, session.h.context), params: { id } });
const openDoor = async (path: string, id: string) => settle(() => doorLoader(withId(get(path, session.cookie), id)));
const sendDoor = async (path: string, id: string, fields: Record<string, string>) =>
  settle(() => doorAction(withId(post(path, fields, session.cookie), id)));

interface DoorScreen {
  event: { name: string };
  list: {
    items: Array<{ id: string; name: string; status: string; position?: number | null; childName: string | null }>;
    total: number;
    page: number;
    pages: number;
  };
  availability: { places: number; taken: number; left: number; waiting: number; open: boolean };
}

describe("the event form's 'How do parents book?'", () => {
  it("makes an event booked on this site without a booking URL, and its edit form reads the settings back", async () => {
    const created = await sendEvents({
      intent: "create",
      ...EVENT,
      bookingUrl: "",
      bookingMode: "site",
      places: "40",
      maxPerBooking: "",
      askChild: "on",
      closesAt: "2031-05-30T18:00",
      waitingList: "on",
    });
    expect(created.status).toBe(302);
    expect(await flashOf(created)).toMatchObject({ title: "Event created successfully" });
    const events =
      await session.h.read<Array<{ id: string | number; name: string; bookingUrl: string }>>("/api/events");
    const stored = events.find((event) => event.name === EVENT.name);
    expect(stored?.bookingUrl).toMatch(new RegExp(`/events/${stored?.id}/book$`));
    const settings = await (await api(`/api/admin/events/${stored?.id}/booking`)).json();
    expect(settings).toEqual({
      mode: "site",
      places: 40,
      maxPerBooking: 6,
      askChild: true,
      closesAt: expect.stringMatching(/^2031-05-30T/) as unknown,
      waitingList: true,
    });

    const page = (await (
      await settle(() => eventsLoader(args(get(`/admin/events?edit=${stored?.id}`, session.cookie), session.h.context)))
    ).json()) as { editBooking: { id: string; settings: { mode: string } }; bookings: Record<string, unknown> };
    expect(page.editBooking).toMatchObject({ id: String(stored?.id), settings: { mode: "site", places: 40 } });
    // Manage Events' line, from one call for the page.
    expect(page.bookings[String(stored?.id)]).toEqual({ places: 40, taken: 0, waiting: 0 });
    expect(bookingsLine({ places: 40, taken: 28, waiting: 3 })).toBe("Bookings: 28 of 40 (3 waiting)");
  });

  it("keeps the product spec's form as it was for another site: the booking URL is required", async () => {
    const failure = await failureOf(
      await sendEvents({
        intent: "create",
        ...EVENT,
        name: "Elsewhere",
        bookingUrl: "",
        bookingMode: "external",
        places: "",
      }),
    );
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to create event: Booking URL is required" });
    expect(failure.fieldErrors).toEqual({ bookingUrl: "Booking URL is required" });
  });

  it("shows the site's settings' problems at their fields, with every other problem at once", async () => {
    const failure = await failureOf(
      await sendEvents({
        intent: "create",
        ...EVENT,
        name: "",
        bookingUrl: "",
        bookingMode: "site",
        places: "1001",
        maxPerBooking: "0",
        closesAt: "soon",
      }),
    );
    expect(failure.fieldErrors).toEqual({
      name: "Name is required",
      places: "Places must be a whole number from 1 to 1,000",
      maxPerBooking: "Most people in one booking must be a whole number from 1 to 50",
      closesAt: "Bookings close must be a valid date",
    });
  });

  it("shows the /api's refusal of the places at the Places field", async () => {
    const id = await siteEvent("Refused places", 10);
    expect(
      (await api(`/api/admin/events/${id}/bookings`, { method: "POST", json: { name: "A", adults: 3, children: 0 } }))
        .status,
    ).toBe(201);
    const failure = await failureOf(
      await sendEvents({
        intent: "update",
        id,
        ...EVENT,
        name: "Refused places",
        bookingUrl: "",
        bookingMode: "site",
        places: "2",
        maxPerBooking: "6",
        waitingList: "on",
      }),
    );
    expect(failure.fieldErrors.places).toBe("Places must be at least the 3 places already booked");
    expect(failure.notice?.title).toBe("Failed to update event: Places must be at least the 3 places already booked");

    // Moving booking elsewhere while families hold places: the /api's sentence alone, at the choice.
    const moving = await failureOf(
      await sendEvents({
        intent: "update",
        id,
        ...EVENT,
        bookingUrl: "https://example.org/b",
        bookingMode: "external",
      }),
    );
    const sentence = "This event has bookings: cancel them before booking moves to another site.";
    expect(moving.fieldErrors).toEqual({ bookingMode: sentence });
    expect(moving.notice?.title).toBe(`Failed to update event: ${sentence}`);
  });
});

describe("the door list", () => {
  it("adds bookings by hand, the last on the waiting list, lists them by class or by name, and cancels one", async () => {
    const id = await siteEvent("Door list day", 4);
    const path = `/admin/events/${id}/bookings`;
    const add = (fields: Record<string, string>) => sendDoor(path, id, { intent: "add", ...fields });

    const first = await add({ name: "Zoe Park", adults: "1", children: "1", childName: "Ann", childClass: "1A" });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(path);
    expect(await flashOf(first)).toEqual({
      kind: "success",
      title: "Booking added",
      description: "Zoe Park is booked: 1 adult, 1 child.",
    });
    await add({
      name: "Al Brown",
      email: "al@example.org",
      adults: "1",
      children: "1",
      childName: "Ben",
      childClass: "3B",
    });
    const waiting = await add({ name: "Cy Dale", adults: "2", children: "1", childName: "Cat", childClass: "2C" });
    expect(await flashOf(waiting)).toMatchObject({ description: "Cy Dale is on the waiting list (number 1)." });

    const byClass = (await (await openDoor(path, id)).json()) as DoorScreen;
    expect(byClass.event.name).toBe("Door list day");
    expect(byClass.availability).toMatchObject({ places: 4, taken: 4, left: 0, waiting: 1, open: true });
    expect(byClass.list.items.map((row) => row.name)).toEqual(["Zoe Park", "Al Brown", "Cy Dale"]);
    const byName = (await (await openDoor(`${path}?sort=name`, id)).json()) as DoorScreen;
    expect(byName.list.items.map((row) => row.name)).toEqual(["Al Brown", "Zoe Park", "Cy Dale"]);

    const zoe = byClass.list.items.find((row) => row.name === "Zoe Park");
    const cancelled = await sendDoor(path, id, { intent: "cancel", booking: String(zoe?.id) });
    expect(cancelled.status).toBe(302);
    // Zoe's 2 places come free, and Cy's party of 3 does not fit in them.
    expect(await flashOf(cancelled)).toEqual({
      kind: "success",
      title: "Booking cancelled",
      description: "Bookings: 2 of 4 (1 waiting).",
    });
    const al = byClass.list.items.find((row) => row.name === "Al Brown");
    const filled = await sendDoor(path, id, { intent: "cancel", booking: String(al?.id) });
    expect(await flashOf(filled)).toMatchObject({ description: "Bookings: 3 of 4." });
    const after = (await (await openDoor(path, id)).json()) as DoorScreen;
    expect(after.list.items.map((row) => [row.name, statusWords(row.status, row.position ?? null)])).toEqual([
      ["Cy Dale", "Booked"],
    ]);
  });

  it("shows a hand-made booking's problems at their fields, with what was typed", async () => {
    const id = await siteEvent("Problems day");
    const failure = await failureOf(
      await sendDoor(`/admin/events/${id}/bookings`, id, { intent: "add", name: "", adults: "-1", email: "nope" }),
    );
    expect(failure.fieldErrors).toEqual({
      name: "Name is required",
      adults: "Adults must be a whole number, 0 or more",
      email: "E-mail (optional) must be an e-mail address, e.g. dads@example.org",
    });
    expect(failure.values).toMatchObject({ intent: "add", adults: "-1", email: "nope" });
    expect(failure.notice?.title).toBe("Failed to add the booking");

    // A name is a name: the /api refuses one with a link, and the screen says so at the field.
    const link = await failureOf(
      await sendDoor(`/admin/events/${id}/bookings`, id, { intent: "add", name: "Pay at www.pay-now.example" }),
    );
    expect(link.fieldErrors).toEqual({
      name: "Name must be just a name, without a web address or an e-mail address",
    });
  });

  it("closes bookings now, and a hand-made booking still goes in", async () => {
    const id = await siteEvent("Closing day");
    const path = `/admin/events/${id}/bookings`;
    const closed = await sendDoor(path, id, { intent: "close", event: id });
    expect(await flashOf(closed)).toEqual({
      kind: "success",
      title: "Bookings closed",
      description: "Parents can no longer book this event. You can still add bookings by hand.",
    });
    const screen = (await (await openDoor(path, id)).json()) as DoorScreen;
    expect(screen.availability.open).toBe(false);
    const added = await sendDoor(path, id, { intent: "add", name: "Late Phone", adults: "1", children: "0" });
    expect(await flashOf(added)).toMatchObject({ description: "Late Phone is booked: 1 adult." });
  });

  it("downloads the door list as CSV through the session, never kept by a cache", async () => {
    const id = await siteEvent("CSV day");
    await sendDoor(`/admin/events/${id}/bookings`, id, {
      intent: "add",
      name: "=Sum Family",
      adults: "2",
      children: "0",
    });
    const csv = await settle(() => csvLoader(withId(get(`/admin/events/${id}/bookings.csv`, session.cookie), id)));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="bookings-${id}.csv"`);
    expect(csv.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await csv.text()).split(/\r?\n/);
    expect(lines[0]).toBe("name,email,adults,children,child_name,child_class,status,booked_at");
    expect(lines[1]).toMatch(/^'=Sum Family,,2,0,,,confirmed,/);
  });

  it("is not found for an event booked elsewhere, an unknown one or a page past the last", async () => {
    const elsewhere = await api("/api/admin/events", {
      method: "POST",
      json: {
        name: "Booked elsewhere",
        date: "2031-06-01T09:00:00.000Z",
        comment: "Out.",
        bookingUrl: "https://example.org/x",
      },
    });
    const other = String(((await elsewhere.json()) as { id: string | number }).id);
    expect((await openDoor(`/admin/events/${other}/bookings`, other)).status).toBe(404);
    expect((await openDoor("/admin/events/999999/bookings", "999999")).status).toBe(404);
    const id = await siteEvent("Paging day");
    expect((await openDoor(`/admin/events/${id}/bookings?page=7`, id)).status).toBe(404);
    expect((await openDoor(`/admin/events/${id}/bookings?page=x`, id)).status).toBe(404);
  });

  it("says a party in words, leaving out a count of none", () => {
    expect(partyWords(2, 3)).toBe("2 adults, 3 children");
    expect(partyWords(1, 1)).toBe("1 adult, 1 child");
    expect(partyWords(2, 0)).toBe("2 adults");
    expect(statusWords("waiting", 2)).toBe("Waiting (number 2)");
  });
});
