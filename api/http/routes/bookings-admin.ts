import { Hono } from "hono";
import { z } from "zod";
import { queueBookingMail, type BookedEvent } from "../../mail/booking-mail";
import {
  availabilityOf,
  availabilityOfOne,
  closeBookings,
  readEventBooking,
  type Availability,
} from "../../store/booking-settings";
import { bookingById } from "../../store/booking-rows";
import { cancelBooking, placeBooking, type Changed } from "../../store/bookings";
import { readDoorBatch, readDoorList, type DoorRow } from "../../store/door-list";
import { getEvent } from "../../store/events";
import { recordChange } from "../lib/activity";
import { publishedStore } from "../lib/published-items";
import { eventKind } from "./events";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import {
  availabilityAnswer,
  bookerName,
  checkParty,
  eventIdsQuery,
  onlyLeft,
  partyFields,
} from "../lib/booking-answers";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { csvLine, csvResponse } from "../lib/csv";
import { ApiError, notFound } from "../lib/errors";
import { paged, pageParam } from "../lib/paged";
import { emailAddress, parseId, readJson, validate } from "../lib/validation";

/** Rows a page of the door list holds. */
export const DOOR_PAGE_SIZE = 50;
const NOT_BOOKED_HERE = "This event is not booked on this site";

const doorQuery = z.object({
  page: pageParam,
  sort: z.enum(["name", "class"], { error: 'must be "name" or "class"' }).optional(),
});

/** A booking taken by the organiser (a phone booking): the address is optional. */
const byHandSchema = z.object({
  name: bookerName,
  email: z.union([z.literal("").transform(() => null), z.null(), emailAddress()]).optional(),
  ...partyFields,
});

export const DOOR_CSV_COLUMNS = [
  "name",
  "email",
  "adults",
  "children",
  "child_name",
  "child_class",
  "status",
  "booked_at",
] as const;

const doorLine = (row: DoorRow) =>
  csvLine([
    row.name ?? "",
    row.email ?? "",
    String(row.adults),
    String(row.children),
    row.childName ?? "",
    row.childClass ?? "",
    row.status,
    row.createdAt,
  ]);

/**
 * The organiser's booking calls (docs/product.md, 'Bookings'), for Editors and
 * Administrators: the settings for the event form, each event's counts for Manage
 * Events, the door list (paged, and as CSV), a booking by hand, a cancellation, and
 * closing bookings now.
 */
export function bookingAdminRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  for (const path of [
    "/admin/events/bookings",
    "/admin/events/:id/booking",
    "/admin/events/:id/bookings",
    "/admin/events/:id/bookings/*",
    "/admin/events/:id/bookings.csv",
    "/admin/bookings/*",
  ]) {
    app.use(path, requireAdmin(deps));
  }
  const events = publishedStore(deps, eventKind(deps));
  const answerOf = (availability: Availability) => availabilityAnswer(availability, deps.bookingRetentionDays);

  const bookedHere = async (id: number): Promise<{ event: BookedEvent; availability: Availability }> => {
    const event = await getEvent(db, id);
    if (!event) throw notFound("Event not found");
    const availability = await availabilityOfOne(db, id, deps.now());
    if (!availability) throw notFound(NOT_BOOKED_HERE);
    return { event, availability };
  };

  app.get("/admin/events/bookings", async (c) => {
    const { ids } = validate(eventIdsQuery, c.req.query());
    const items = await availabilityOf(db, ids, deps.now());
    return c.json({ items: items.map((one) => ({ eventId: one.eventId, ...answerOf(one) })) });
  });

  app.get("/admin/events/:id/booking", async (c) => {
    const id = parseId(c.req.param("id"));
    if (!(await getEvent(db, id))) throw notFound("Event not found");
    return c.json(await readEventBooking(db, id));
  });

  app.get("/admin/events/:id/bookings", async (c) => {
    const id = parseId(c.req.param("id"));
    const query = validate(doorQuery, c.req.query());
    const { availability } = await bookedHere(id);
    const list = await paged(query.page, DOOR_PAGE_SIZE, async (window) => {
      const { rows, total } = await readDoorList(db, id, query.sort ?? "name", window);
      return { items: rows, total };
    });
    return c.json({ ...list, availability: answerOf(availability) });
  });

  app.get("/admin/events/:id/bookings.csv", async (c) => {
    const id = parseId(c.req.param("id"));
    await bookedHere(id);
    return csvResponse(c, {
      filename: `bookings-event-${id}.csv`,
      header: DOOR_CSV_COLUMNS,
      batch: (after, limit) => readDoorBatch(db, id, after, limit),
      line: doorLine,
    });
  });

  app.post("/admin/events/:id/bookings", jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input = validate(byHandSchema, await readJson(c));
    const { event, availability } = await bookedHere(id);
    checkParty(input, availability);
    const now = deps.now();
    const placed = await placeBooking(
      db,
      id,
      { ...input, email: input.email ?? null, link: null, byHand: true },
      now,
      async (trx, outcome) => {
        if (outcome.kind !== "placed") return;
        // A phone booking with an address hears of it, without a private link (the organiser changes it).
        const mail = outcome.position === null ? { kind: "admitted" as const } : null;
        if (mail) await queueBookingMail(trx, deps.mail, event, outcome.booking, mail, now);
      },
    );
    if (placed.kind === "duplicate") {
      throw new ApiError(409, "This e-mail address already has a booking for this event.", { field: "email" });
    }
    if (placed.kind === "full") throw new ApiError(409, onlyLeft(placed.left), { field: "adults" });
    if (placed.kind !== "placed") throw notFound(NOT_BOOKED_HERE);
    await recordChange(deps, c, "booking.create", { type: "events", id, title: event.name });
    return c.json(
      {
        id: placed.booking.id,
        status: placed.booking.status,
        ...(placed.position === null ? {} : { position: placed.position }),
      },
      201,
    );
  });

  app.delete("/admin/bookings/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const booking = await bookingById(db, id);
    if (!booking || booking.status === "cancelled") throw notFound("Booking not found");
    const { event } = await bookedHere(booking.event_id);
    const now = deps.now();
    const changed: Changed = await cancelBooking(db, id, now, async (trx, outcome) => {
      if (outcome.kind !== "changed") return;
      for (const admitted of outcome.admitted) {
        await queueBookingMail(trx, deps.mail, event, admitted, { kind: "admitted" }, now);
      }
    });
    if (changed.kind === "gone") throw notFound("Booking not found");
    if (changed.kind === "closed") throw new ApiError(409, "The event has started: its bookings stay as they are.");
    await recordChange(deps, c, "booking.cancel", { type: "events", id: booking.event_id, title: event.name });
    return c.json({ id, status: "cancelled" });
  });

  app.post("/admin/events/:id/bookings/close", async (c) => {
    const id = parseId(c.req.param("id"));
    const { event } = await bookedHere(id);
    const now = deps.now();
    // docs/product.md, 'No edit lost': a new version of the event, so an edit form opened before keeps it closed.
    await events.changeBeside(db, id, now, c.get("user"), (trx) => closeBookings(trx, id, now));
    await recordChange(deps, c, "booking.close", { type: "events", id, title: event.name });
    return c.json(answerOf((await availabilityOfOne(db, id, deps.now())) as Availability));
  });

  return app;
}
