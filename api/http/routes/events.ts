import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { requireAdmin } from "../lib/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { applyEventBooking, eventBookingSchema, fillOwnBookingUrl } from "../lib/event-booking";
import { addItemRoutes } from "../lib/item-routes";
import { jsonLimit } from "../lib/body-limits";
import { repeatSchema, scopedSeriesRoutes, seriesWrites, withSeries, withSeriesOne } from "../lib/event-series";
import {
  dateTime,
  httpUrl,
  idListQuery,
  validate,
  optionalImageUrl,
  optionalText,
  requiredText,
} from "../lib/validation";
import { adminListQuery, eventListQuery, windowParams } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import { publishFields } from "../lib/publish-fields";
import { addPublishedItemRoutes } from "../lib/published-item-routes";
import { publishedStore, shownToVisitors, type PublishedKind } from "../lib/published-items";
import {
  adminEventsByIds,
  countEvents,
  deleteEvent,
  EVENT_COLUMNS,
  eventIds,
  eventsByIds,
  getAdminEvent,
  listAdminEvents,
  listEvents,
  updateEvent,
  type EventItem,
} from "../../store/events";
import { publicAt } from "../../store/publishing";
import { readEventBooking } from "../../store/booking-settings";
import { SERIES_CALENDAR_PAGE, seriesCalendars, seriesCalendarsFrom } from "../../store/series-calendars";
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
  // docs/product.md, 'Publishing': draft, scheduled or published, and the version the form was opened at.
  ...publishFields,
  // docs/product.md, 'Repeating events': on create, a repeating series (every date held is an event).
  repeat: repeatSchema.optional(),
});
type EventBody = z.output<typeof eventSchema>;

const NOT_FOUND = "Event not found";

/**
 * What a calendar asks of series (docs/product.md, 'Repeating events'): some by id, or a
 * window of those with a public date from `from` on (the subscription's), a page at most.
 */
const seriesQuery = z
  .object({
    ids: idListQuery(
      SERIES_CALENDAR_PAGE,
      `must be at most ${SERIES_CALENDAR_PAGE} series ids joined by ','`,
    ).optional(),
    from: dateTime().optional(),
    ...windowParams,
  })
  .refine((query) => query.ids !== undefined || query.from !== undefined, {
    path: ["ids"],
    message: "give ids, or from",
  });

/** Events as a published kind: what a revision keeps of one, its 'as posted' e-mail, and its booking settings. */
export function eventKind(deps: ApiDeps): PublishedKind<EventItem, EventBody> {
  const series = seriesWrites(deps);
  return {
    type: "events",
    getAdmin: async (db, id, now) => withSeriesOne(db, await getAdminEvent(db, id, now)),
    create: series.create,
    update: updateEvent,
    remove: deleteEvent,
    fieldsOf: ({ name, date, comment, bookingUrl, organiser, location, imageUrl, imageAlt }) => ({
      name,
      date,
      comment,
      bookingUrl,
      organiser,
      location,
      imageUrl,
      imageAlt,
    }),
    // docs/product.md, 'No edit lost': the booking settings are one more field of its revisions, merged whole.
    besideOf: async (db, id) => ({ booking: await readEventBooking(db, id) }),
    postOf: (item) => ({ kind: "event", id: item.id, date: item.date }),
    alsoSave: async (trx, item, input, now) => {
      await applyEventBooking(trx, deps, item, input.booking, now);
      await series.afterCreate(trx, item, input, now, (occurrence, booking) =>
        applyEventBooking(trx, deps, occurrence, booking, now),
      );
    },
  };
}

export function eventRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  // Visitors' list: only what is public now (docs/product.md, 'Publishing').
  app.get("/events", async (c) => {
    const { window, fields, filter: query } = eventListQuery<EventItem>(c, fieldNames(EVENT_COLUMNS));
    const filter = { ...query, seen: publicAt(deps.now()) };
    return listResponse(c, window, {
      count: () => countEvents(db, filter),
      window: (slice) => listEvents(db, slice, filter, fields),
      ids: () => eventIds(db, filter),
      byIds: (ids) => eventsByIds(db, ids),
    });
  });

  // docs/product.md, 'Repeating events': what a calendar needs of repeating series (rule and public dates), a few at a time.
  app.get("/event-series", async (c) => {
    const { ids, from, limit, offset } = validate(seriesQuery, c.req.query());
    const window = { limit: Math.min(limit ?? SERIES_CALENDAR_PAGE, SERIES_CALENDAR_PAGE), offset: offset ?? 0 };
    if (ids === undefined) return c.json(await seriesCalendarsFrom(db, from ?? "", window, deps.now()));
    return c.json(await seriesCalendars(db, ids, deps.now(), from));
  });

  // The admin's list: every state, or one, each event with its state and version; the
  // visitors' list's from, to and order too, so Manage Events lists upcoming then past.
  app.get("/admin/events", requireAdmin(deps), async (c) => {
    const { seen } = adminListQuery(c, deps.now());
    const { window, filter: query } = eventListQuery<EventItem>(c, fieldNames(EVENT_COLUMNS));
    const filter = { ...query, seen };
    return listResponse(c, window, {
      count: () => countEvents(db, filter),
      window: async (slice) => withSeries(db, await listAdminEvents(db, slice, filter)),
      ids: () => eventIds(db, filter),
      byIds: async (ids) => withSeries(db, await adminEventsByIds(db, ids, seen.now)),
    });
  });

  const kind = eventKind(deps);
  const { store, save } = publishedStore(deps, kind);
  const schema = z.preprocess(fillOwnBookingUrl(deps.mail.settings.siteUrl), eventSchema);
  // docs/product.md, 'Repeating events': ?scope=following|all on an occurrence; one (or none) goes on to the calls below.
  const scoped = scopedSeriesRoutes(deps, {
    schema,
    getAdmin: (db, id) => kind.getAdmin(db, id, deps.now()),
    save: (db, id, input, now, by) => save(db, id, input, now, by, "save"),
    remove: store.remove,
    notFoundMessage: NOT_FOUND,
  });
  app.put("/admin/events/:id", requireAdmin(deps), jsonLimit, scoped.put);
  app.delete("/admin/events/:id", requireAdmin(deps), scoped.remove);
  addItemRoutes(app, deps, {
    name: "events",
    schema,
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.name,
    // docs/product.md, 'E-mail': the event and its 'as posted' e-mail are made together or not at all.
    store,
    shownTo: shownToVisitors(deps),
    adminGet: true,
  });
  addPublishedItemRoutes(app, deps, {
    name: "events",
    notFoundMessage: NOT_FOUND,
    kind,
    schema,
    save,
    titleOf: (item) => item.name,
  });

  return app;
}
