import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { scheduleEventPost } from "../../mail/post-fan-out";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { applyEventBooking, eventBookingSchema, fillOwnBookingUrl } from "../lib/event-booking";
import { addItemRoutes } from "../lib/item-routes";
import { dateTime, httpUrl, optionalImageUrl, optionalText, requiredText } from "../lib/validation";
import { eventListQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import {
  countEvents,
  createEvent,
  deleteEvent,
  EVENT_COLUMNS,
  eventIds,
  eventsByIds,
  getEvent,
  listEvents,
  updateEvent,
  type EventItem,
} from "../../store/events";
import { fieldNames } from "../../store/listing";

const eventSchema = z.object({
  name: requiredText(TEXT_LIMITS.shortText),
  date: dateTime(),
  comment: requiredText(TEXT_LIMITS.comment),
  bookingUrl: httpUrl(),
  organiser: optionalText(TEXT_LIMITS.shortText),
  location: optionalText(TEXT_LIMITS.shortText),
  imageUrl: optionalImageUrl(),
  // docs/product.md, 'Photos': optional; left out keeps the stored description, null or '' clears it.
  imageAlt: optionalText(TEXT_LIMITS.altText).optional(),
  // docs/product.md, 'Bookings': how parents book; left out, as it was (new: on another site).
  booking: eventBookingSchema.optional(),
});

const NOT_FOUND = "Event not found";

export function eventRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/events", async (c) => {
    const { window, fields, filter } = eventListQuery<EventItem>(c, fieldNames(EVENT_COLUMNS));
    return listResponse(c, window, {
      count: () => countEvents(db, filter),
      window: (slice) => listEvents(db, slice, filter, fields),
      ids: () => eventIds(db, filter),
      byIds: (ids) => eventsByIds(db, ids),
    });
  });

  addItemRoutes(app, deps, {
    name: "events",
    schema: z.preprocess(fillOwnBookingUrl(deps.mail.settings.siteUrl), eventSchema),
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.name,
    store: {
      get: getEvent,
      // docs/product.md, 'E-mail': the event and its 'as posted' e-mail are made together or not at all.
      create: (db, input, now) =>
        db.transaction().execute(async (trx) => {
          const item = await applyEventBooking(trx, deps, await createEvent(trx, input, now), input.booking, now);
          await scheduleEventPost(trx, deps.mail.settings, item, now);
          return item;
        }),
      update: (db, id, input, now) =>
        db.transaction().execute(async (trx) => {
          const item = await updateEvent(trx, id, input, now);
          return item && applyEventBooking(trx, deps, item, input.booking, now);
        }),
      remove: deleteEvent,
    },
  });

  return app;
}
