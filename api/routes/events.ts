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
import { createEvent, deleteEvent, listEvents, updateEvent, type EventInput } from "../store/events";

const eventSchema = z.object({
  name: requiredText(LIMITS.shortText),
  date: dateTime(),
  comment: requiredText(LIMITS.comment),
  bookingUrl: httpUrl(),
  organiser: optionalText(LIMITS.shortText),
  location: optionalText(LIMITS.shortText),
  imageUrl: optionalImageUrl(),
});

export function eventRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
  const app = new Hono<ApiEnv>();

  app.get("/events", async (c) => c.json(await listEvents(db)));

  app.post("/admin/events", admin, jsonLimit, async (c) => {
    const input: EventInput = validate(eventSchema, await readJson(c));
    return c.json(await createEvent(db, input, deps.now()), 201);
  });

  app.put("/admin/events/:id", admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input: EventInput = validate(eventSchema, await readJson(c));
    const item = await updateEvent(db, id, input, deps.now());
    if (!item) throw notFound("Event not found");
    return c.json(item);
  });

  app.delete("/admin/events/:id", admin, async (c) => {
    if (!(await deleteEvent(db, parseId(c.req.param("id"))))) throw notFound("Event not found");
    return c.json({ ok: true });
  });

  return app;
}
