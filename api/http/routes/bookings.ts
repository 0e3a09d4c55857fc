import { Hono } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import { queueBookingMail, type BookedEvent } from "../../mail/booking-mail";
import { availabilityOf, availabilityOfOne, type Availability } from "../../store/booking-settings";
import { bookingByTokenHash, liveBookingByEmail, waitingPosition, type Booking } from "../../store/booking-rows";
import { cancelBooking, changeParty, placeBooking, type Changed } from "../../store/bookings";
import { getAdminEvent, getEvent } from "../../store/events";
import { claimMailTurn } from "../../store/mail-turns";
import { publicPart } from "../lib/published-items";
import { publicAt } from "../../store/publishing";
import type { Database } from "../../store/schema";
import { jsonLimit } from "../lib/body-limits";
import {
  availabilityAnswer,
  bookingAnswer,
  bookingSchema,
  checkParty,
  eventIdsQuery,
  CLOSED_MESSAGE,
  DEAD_BOOKING_LINK,
  DUPLICATE_MESSAGE,
  onlyLeft,
  partySchema,
} from "../lib/booking-answers";
import { BOOKING_TOKEN_PATTERN, bookingLinkToken, newBookingLink } from "../lib/booking-links";
import { clientAddress } from "../lib/client-address";
import { countClientUse } from "../lib/client-uses";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { hashToken } from "../lib/tokens";
import { emailAddress, parseId, readJson, validate } from "../lib/validation";

/** Bookings per client address in the sign-in throttle's window. */
export const MAX_BOOKINGS_PER_ADDRESS = 10;
const TOO_MANY = "Too many bookings from your network. Please try again in";
const RESENT_MESSAGE = "If that address has a booking for this event, we've e-mailed its link.";
const NOT_BOOKED_HERE = "Event not found";

/** Resends the private link when asked: the answer is the same whatever the address. */
const resendSchema = z.object({
  eventId: z.number({ error: "must be an event's id" }).int("must be an event's id").positive("must be an event's id"),
  email: emailAddress(),
});

/**
 * A family's booking calls (docs/product.md, 'Bookings'), for anyone: what is left,
 * booking, and the booking's private link (read, change, cancel). Every change is made
 * in one transaction with its e-mails (api/store/bookings.ts).
 */
export function bookingRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  const answerOf = (availability: Availability) => availabilityAnswer(availability, deps.bookingRetentionDays);
  const urlOf = (token: string) => `${deps.mail.settings.siteUrl}/bookings/${token}`;

  const eventOf = async (id: number): Promise<BookedEvent> => {
    const event = await getEvent(db, id);
    if (!event) throw notFound(NOT_BOOKED_HERE);
    return event;
  };
  /** An event visitors may see (docs/product.md, 'Publishing': a draft is not offered, nor booked). */
  const publicEventOf = async (id: number): Promise<BookedEvent> => {
    const event = await getAdminEvent(db, id, deps.now());
    if (event?.status !== "published") throw notFound(NOT_BOOKED_HERE);
    return publicPart(event);
  };

  /**
   * 'Your booking for {event}' with the link the family already has, for anyone who asks
   * ('E-mail me my link', or booking again with the address): at most one per address per
   * event per 10 minutes, whoever asks from wherever (store/mail-turns.ts). The link is
   * never replaced by such a request, and the answer is the same whether it went or not.
   */
  const mailLink = async (trx: Kysely<Database>, event: BookedEvent, booking: Booking, now: Date) => {
    if (!(await claimMailTurn(trx, "bookings", booking.id, now))) return;
    const token = await bookingLinkToken(trx, deps.signingSecret, booking);
    await queueBookingMail(trx, deps.mail, event, booking, { kind: "link", url: urlOf(token) }, now);
  };

  /** The e-mails a change sends: those let in from the waiting list hear they are booked. */
  const mailAdmitted = (event: BookedEvent, now: Date) => async (trx: Kysely<Database>, changed: Changed) => {
    if (changed.kind !== "changed") return;
    for (const booking of changed.admitted) {
      await queueBookingMail(trx, deps.mail, event, booking, { kind: "admitted" }, now);
    }
  };

  app.get("/events/availability", async (c) => {
    const { ids } = validate(eventIdsQuery, c.req.query());
    // Visitors' call: an event not yet public is not told about (docs/product.md, 'Publishing').
    const items = await availabilityOf(db, ids, deps.now(), publicAt(deps.now()));
    return c.json({ items: items.map((one) => ({ eventId: one.eventId, ...answerOf(one) })) });
  });

  app.get("/events/:id/availability", async (c) => {
    const id = parseId(c.req.param("id"));
    await publicEventOf(id);
    const availability = await availabilityOfOne(db, id, deps.now());
    return c.json(availability ? answerOf(availability) : { mode: "external" });
  });

  app.post("/events/:id/bookings", jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const event = await publicEventOf(id);
    const input = validate(bookingSchema, await readJson(c));
    const before = await availabilityOfOne(db, id, deps.now());
    if (!before) throw notFound(NOT_BOOKED_HERE);
    checkParty(input, before);
    await countClientUse(deps, `book ${clientAddress(c, deps.trustProxy)}`, MAX_BOOKINGS_PER_ADDRESS, TOO_MANY);
    const { token, link } = newBookingLink(deps.signingSecret);
    const now = deps.now();
    const placed = await placeBooking(db, id, { ...input, link, byHand: false }, now, async (trx, outcome) => {
      if (outcome.kind === "placed") {
        const mail = { kind: "placed" as const, url: urlOf(token), position: outcome.position };
        await queueBookingMail(trx, deps.mail, event, outcome.booking, mail, now);
      }
      if (outcome.kind === "duplicate") await mailLink(trx, event, outcome.booking, now);
    });
    switch (placed.kind) {
      case "not-booked-here":
        throw notFound(NOT_BOOKED_HERE);
      case "closed":
        throw new ApiError(409, CLOSED_MESSAGE);
      case "full":
        throw new ApiError(409, onlyLeft(placed.left));
      case "duplicate":
        throw new ApiError(409, DUPLICATE_MESSAGE, { field: "email" });
      case "placed":
        return c.json(
          {
            status: placed.booking.status,
            ...(placed.position === null ? {} : { position: placed.position }),
            url: urlOf(token),
          },
          201,
        );
    }
  });

  app.post("/bookings/resend", jsonLimit, async (c) => {
    const { eventId, email } = validate(resendSchema, await readJson(c));
    await countClientUse(deps, `book ${clientAddress(c, deps.trustProxy)}`, MAX_BOOKINGS_PER_ADDRESS, TOO_MANY);
    const event = await getEvent(db, eventId);
    const now = deps.now();
    if (event) {
      await db.transaction().execute(async (trx) => {
        const booking = await liveBookingByEmail(trx, eventId, email);
        if (booking) await mailLink(trx, event, booking, now);
      });
    }
    return c.json({ message: RESENT_MESSAGE }, 202);
  });

  /** The booking behind a private link: any but a cancelled one (whose page says so) is found. */
  const byToken = async (raw: string): Promise<Booking> => {
    if (!BOOKING_TOKEN_PATTERN.test(raw)) throw notFound(DEAD_BOOKING_LINK);
    const booking = await bookingByTokenHash(db, hashToken(raw));
    if (!booking) throw notFound(DEAD_BOOKING_LINK);
    return booking;
  };

  const answer = async (booking: Booking) => {
    const event = await eventOf(booking.event_id);
    const availability = await availabilityOfOne(db, booking.event_id, deps.now());
    if (!availability) throw notFound(DEAD_BOOKING_LINK);
    const position = booking.status === "waiting" ? await waitingPosition(db, booking) : null;
    return bookingAnswer(booking, event, position, answerOf(availability));
  };

  const settle = (changed: Changed): Booking => {
    if (changed.kind === "gone") throw notFound(DEAD_BOOKING_LINK);
    if (changed.kind === "closed") throw new ApiError(409, CLOSED_MESSAGE);
    if (changed.kind === "full") throw new ApiError(409, onlyLeft(changed.left), { field: "adults" });
    return changed.booking;
  };

  app.get("/bookings/:token", async (c) => c.json(await answer(await byToken(c.req.param("token")))));

  app.put("/bookings/:token", jsonLimit, async (c) => {
    const booking = await byToken(c.req.param("token"));
    const party = validate(partySchema, await readJson(c));
    const availability = await availabilityOfOne(db, booking.event_id, deps.now());
    if (!availability) throw notFound(DEAD_BOOKING_LINK);
    checkParty(party, availability);
    const now = deps.now();
    const event = await eventOf(booking.event_id);
    return c.json(await answer(settle(await changeParty(db, booking.id, party, now, mailAdmitted(event, now)))));
  });

  app.delete("/bookings/:token", async (c) => {
    const booking = await byToken(c.req.param("token"));
    const now = deps.now();
    const event = await eventOf(booking.event_id);
    return c.json(await answer(settle(await cancelBooking(db, booking.id, now, mailAdmitted(event, now)))));
  });

  return app;
}
