import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import {
  dateTime,
  httpUrl,
  LIMITS,
  optionalImageUrl,
  optionalText,
  parseId,
  readJson,
  requiredText,
  validate,
} from "../lib/validation";
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
  type EventInput,
  type EventItem,
} from "../../store/events";
import { fieldNames } from "../../store/listing";

const eventSchema = z.object({
  name: requiredText(LIMITS.shortText),
  date: dateTime(),
  comment: requiredText(LIMITS.comment),
  bookingUrl: httpUrl(),
  organiser: optionalText(LIMITS.shortText),
  location: optionalText(LIMITS.shortText),
  imageUrl: optionalImageUrl(),
});

const NOT_FOUND = "Event not found";

export function eventRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
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

  app.get("/events/:id", async (c) => {
    const event = await getEvent(db, parseId(c.req.param("id")));
    if (!event) throw notFound(NOT_FOUND);
    return c.json(event);
  });

  app.post("/admin/events", admin, jsonLimit, async (c) => {
    const input: EventInput = validate(eventSchema, await readJson(c));
    return c.json(await createEvent(db, input, deps.now()), 201);
  });

  app.put("/admin/events/:id", admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input: EventInput = validate(eventSchema, await readJson(c));
    const item = await updateEvent(db, id, input, deps.now());
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item);
  });

  app.delete("/admin/events/:id", admin, async (c) => {
    if (!(await deleteEvent(db, parseId(c.req.param("id"))))) throw notFound(NOT_FOUND);
    return c.json({ ok: true });
  });

  return app;
}
