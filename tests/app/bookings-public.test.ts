import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api } from "../../api";
import { action as privateAction, loader as privateLoader } from "~/routes/bookings.$token";
import { loader as eventsLoader } from "~/routes/events";
import { action as bookAction, loader as bookLoader } from "~/routes/events_.$id_.book";
import { loader as eventPageLoader } from "~/routes/events_.$id";
import { settle } from "./admin-test-helpers";
import { recording } from "./bounded-reads";
import { ADMIN, get, harnessApi, ORIGIN, post } from "./harness";

/**
 * The public booking pages as the app serves them (docs/product.md, 'Bookings'): their
 * loaders and actions against a real in-process /api, as a form posted without
 * JavaScript reaches them. The /api's own rules are its tests'; these check what a
 * parent sees: the words, the fields blamed, the headers, and what was stored.
 */
const DAY = 86_400_000;
let api: Api;
let context: AppLoadContext;
let token = "";
/** The /api's clock: a test moves it, never sleeps. */
let apiNow = Date.now();

async function call(path: string, method = "GET", body?: unknown): Promise<Response> {
  return api.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

beforeAll(async () => {
  api = await harnessApi({ now: () => new Date(apiNow) });
  context = { apiFetch: (request) => api.fetch(request), cspNonce: "test-nonce" };
  const login = await api.fetch(
    new Request(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    }),
  );
  token = ((await login.json()) as { token: string }).token;
});
afterAll(() => api.close());

let made = 0;
/** An event `days` ahead (a week), booked on this site unless `booking` says otherwise. */
async function event(booking: Record<string, unknown> = { mode: "site", places: 10 }, days = 7): Promise<string> {
  made += 1;
  const response = await call("/api/admin/events", "POST", {
    name: `Pond dipping ${made}`,
    date: new Date(Date.now() + days * DAY).toISOString(),
    comment: "Bring wellies.",
    bookingUrl: "https://example.org/book",
    booking,
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number | string }).id);
}

const params = (id: string) => ({ id });

async function page(id: string) {
  return settle(() => bookLoader({ request: get(`/events/${id}/book`), context, params: params(id) }));
}

async function book(id: string, fields: Record<string, string>) {
  const response = await settle(() =>
    bookAction({ request: post(`/events/${id}/book`, fields), context, params: params(id) }),
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const family = (email: string) => ({ name: "Sam Parent", email, adults: "2", children: "3", leave_empty: "" });

describe("/events/{id}/book", () => {
  it("shows the event, its places and how long details are kept; never kept by a cache or indexed", async () => {
    const id = await event();
    const response = await page(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as Record<string, unknown>;
    expect(data).toMatchObject({
      event: { name: expect.stringMatching(/^Pond dipping/) },
      places: { text: "10 places left", bookable: true, full: false, maxPerBooking: 6, askChild: false },
      retentionText: "We keep your details until 30 days after the event, then delete them.",
    });
    expect(data.meta).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("is not found for an event booked on another site, or none", async () => {
    expect((await page(await event({ mode: "external" }))).status).toBe(404);
    expect((await page("99999")).status).toBe(404);
    expect((await page("no such id!")).status).toBe(404);
  });

  it("books, and gives the private link to keep", async () => {
    const id = await event();
    const answer = await book(id, family("booked@example.org"));
    expect(answer.status).toBe(201);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.body).toMatchObject({
      outcome: "booked",
      message: "You're booked: 2 adults, 3 children",
      link: {
        path: expect.stringMatching(/^\/bookings\/[A-Za-z0-9_-]+$/),
        text: "Keep this link: it lets you change or cancel your booking",
      },
    });
    expect(((await (await page(id)).json()) as { places: { text: string } }).places.text).toBe("5 places left");
  });

  it("puts a family on the waiting list once full, and says its number", async () => {
    const id = await event({ mode: "site", places: 2 });
    await book(id, { ...family("first@example.org"), adults: "2", children: "0" });
    expect(((await (await page(id)).json()) as { places: { text: string; full: boolean } }).places).toMatchObject({
      text: "Fully booked — join the waiting list",
      full: true,
    });
    const answer = await book(id, { ...family("second@example.org"), adults: "1", children: "0" });
    expect(answer.body).toMatchObject({ outcome: "booked", message: "You're on the waiting list (number 1)" });
  });

  it("says what is wrong at the field, in plain words, keeping what was typed", async () => {
    const id = await event({ mode: "site", places: 10, askChild: true });
    const a = "a@example.org";
    const cases: [Record<string, string>, string, string][] = [
      [{ ...family(a), name: "" }, "name", "Please enter your name."],
      [
        { ...family(a), name: "Your place is void, pay at http://pay.example" },
        "name",
        "Please enter just your name, without a web address or an e-mail address.",
      ],
      [{ ...family(a), name: "Sam ".repeat(18).trim() }, "name", "Please shorten your name: at most 70 characters."],
      [{ ...family(""), email: "" }, "email", "Please enter your e-mail address."],
      [{ ...family(a), adults: "two" }, "adults", "Please enter a whole number, like 2 (or 0)."],
      [{ ...family(a), adults: "0", children: "0" }, "adults", "Please book at least one place."],
      [{ ...family(a), adults: "5", children: "5" }, "adults", "At most 6 people can come in one booking."],
      [
        { ...family(a), email: "not-an-address" },
        "email",
        "Please enter a whole e-mail address, like name@example.com.",
      ],
      // Children coming, and the event asks for the child's first name and class.
      [{ ...family(a) }, "childName", "Please enter your child's first name."],
      [{ ...family(a), childName: "Robin" }, "childClass", "Please enter your child's class."],
      [
        { ...family(a), childName: "see www.example.org", childClass: "3B" },
        "childName",
        "Please enter just your child's first name, without a web address or an e-mail address.",
      ],
      [
        { ...family(a), childName: "R".repeat(51), childClass: "3B" },
        "childName",
        "Please shorten your child's first name: at most 50 characters.",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await book(id, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toEqual({
        outcome: "refused",
        problem: { field, message },
        values: expect.objectContaining({ name: fields.name, email: fields.email }),
      });
    }
  });

  it("answers a bot that filled the hidden field as if booked, and stores nothing", async () => {
    const id = await event();
    const answer = await book(id, { ...family("bot@example.org"), leave_empty: "http://spam.example" });
    expect(answer.body).toEqual({ outcome: "booked", message: "You're booked: 2 adults, 3 children", link: null });
    expect(((await (await page(id)).json()) as { places: { text: string } }).places.text).toBe("10 places left");
  });

  it("does not make a second booking with the same address", async () => {
    const id = await event();
    await book(id, family("twice@example.org"));
    const answer = await book(id, family("twice@example.org"));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      outcome: "duplicate",
      message: "This e-mail address already has a booking for this event. We've e-mailed you its link.",
    });
  });

  it("offers no form once bookings are closed, and refuses a form sent anyway", async () => {
    const id = await event();
    apiNow = Date.now() + 8 * DAY;
    try {
      const data = (await (await page(id)).json()) as { places: { text: string; bookable: boolean } };
      expect(data.places).toMatchObject({ text: "Bookings are closed", bookable: false });
      const answer = await book(id, family("late@example.org"));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        outcome: "refused",
        problem: { field: null, message: "Bookings are closed" },
      });
    } finally {
      apiNow = Date.now();
    }
  });

  it("'E-mail me my link' gives the same answer whatever the address", async () => {
    const id = await event();
    await book(id, family("lost@example.org"));
    for (const email of ["lost@example.org", "never@example.org"]) {
      const answer = await book(id, { intent: "resend", email });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        outcome: "resent",
        message: "If that address has a booking for this event, we've e-mailed its link.",
      });
    }
    expect((await book(id, { intent: "resend", email: "" })).body).toMatchObject({
      outcome: "resend refused",
      message: "Please enter your e-mail address.",
    });
  });
});

describe("/bookings/{token}", () => {
  async function booked(id: string, email: string, adults = "2", children = "0") {
    const answer = await book(id, { ...family(email), adults, children });
    const path = (answer.body as { link: { path: string } }).link.path;
    return { path, token: path.split("/").pop() ?? "" };
  }
  const open = async (path: string, token: string) =>
    settle(() => privateLoader({ request: get(path), context, params: { token } }));
  const send = async (path: string, token: string, fields: Record<string, string>) => {
    const response = await settle(() => privateAction({ request: post(path, fields), context, params: { token } }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("shows the booking, changes nothing when opened, and is never cached", async () => {
    const id = await event();
    const { path, token: t } = await booked(id, "mine@example.org", "2", "1");
    const response = await open(path, t);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as Record<string, unknown>;
    expect(data).toMatchObject({
      booking: {
        name: "Sam Parent",
        status: "confirmed",
        stateText: "You're booked: 2 adults, 1 child",
        partyText: "2 adults, 1 child",
        canChange: true,
        canCancel: true,
      },
      confirmCancel: false,
    });
    expect(data.meta).toContainEqual({ name: "referrer", content: "same-origin" });
    const confirming = await open(`${path}?cancel=1`, t);
    expect(await confirming.json()).toMatchObject({ confirmCancel: true, booking: { status: "confirmed" } });
  });

  it("changes the numbers within the places left, and confirms the family waiting when places come free", async () => {
    const id = await event({ mode: "site", places: 4 });
    const first = await booked(id, "big@example.org", "4");
    const second = await booked(id, "waiting@example.org", "2");
    const tooMany = await send(first.path, first.token, { intent: "change", adults: "6", children: "0" });
    expect(tooMany).toMatchObject({
      status: 409,
      body: { outcome: "refused", problem: { field: "adults", message: "Fully booked" } },
    });
    const changed = await send(first.path, first.token, { intent: "change", adults: "2", children: "0" });
    expect(changed).toEqual({
      status: 200,
      body: { outcome: "changed", message: "Your booking is changed. You're booked: 2 adults" },
    });
    expect(await (await open(second.path, second.token)).json()).toMatchObject({
      booking: { stateText: "You're booked: 2 adults" },
    });
  });

  it("cancels on the confirmed POST, after which the page says so and offers nothing more", async () => {
    const id = await event();
    const { path, token: t } = await booked(id, "cancel@example.org");
    expect(await send(path, t, { intent: "cancel" })).toEqual({
      status: 200,
      body: { outcome: "cancelled", message: "Your booking is cancelled." },
    });
    expect(await (await open(`${path}?cancel=1`, t)).json()).toMatchObject({
      booking: { status: "cancelled", stateText: "This booking is cancelled.", canChange: false, canCancel: false },
      confirmCancel: false,
    });
  });

  it("says a dead link no longer works, with a 404", async () => {
    for (const t of ["AAAAAAAAAAAAAAAAAAAAAA", "x"]) {
      const response = await open(`/bookings/${t}`, t);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ booking: null });
      expect(await send(`/bookings/${t}`, t, { intent: "cancel" })).toEqual({ status: 404, body: { outcome: "dead" } });
    }
  });
});

describe("the places beside Book Now", () => {
  it("shows on the event's card and page, from one availability call, with the JSON-LD's availability", async () => {
    // The soonest events: the first page of /events.
    const id = await event({ mode: "site", places: 3 }, 1);
    const elsewhere = await event({ mode: "external" }, 1);
    const { context: watched, asked } = recording(context);
    const events = (await (
      await settle(() => eventsLoader({ request: get("/events"), context: watched, params: {} }))
    ).json()) as { events: Array<{ id: string; places: string | null }> };
    expect(events.events.find((e) => e.id === id)?.places).toBe("3 places left");
    expect(events.events.find((e) => e.id === elsewhere)?.places).toBeNull();
    const availabilityCalls = asked.filter((url) => url.pathname.includes("availability"));
    expect(availabilityCalls.map((url) => url.pathname)).toEqual(["/api/events/availability"]);
    expect(availabilityCalls[0].searchParams.get("ids")?.split(",")).toContain(id);

    await book(id, { ...family("full@example.org"), adults: "3", children: "0" });
    const eventPage = (await (
      await settle(() => eventPageLoader({ request: get(`/events/${id}`), context, params: params(id) }))
    ).json()) as { event: { places: string }; meta: Array<Record<string, unknown>> };
    expect(eventPage.event.places).toBe("Fully booked — waiting list open");
    const jsonLd = eventPage.meta.find((tag) => "script:ld+json" in tag)?.["script:ld+json"];
    expect(jsonLd).toMatchObject({
      offers: {
        "@type": "Offer",
        url: expect.stringMatching(new RegExp(`/events/${id}/book$`)),
        availability: "https://schema.org/SoldOut",
      },
    });
  });
});
