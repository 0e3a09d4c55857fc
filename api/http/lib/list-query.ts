import type { Context } from "hono";
import { z } from "zod";
import type { FieldChoice, ListWindow } from "../../store/listing";
import { PUBLISH_STATES, type Visibility } from "../../store/publishing";
import { dateTime, validate } from "./validation";

/**
 * The optional query parameters of the public lists (GET /api/news, /api/events,
 * /api/gallery). With none, a list answers in full, as docs/product.md, 'The calls it makes' promises. With any of
 * them, it answers one window: `limit` items (default 100, at most 1,000) after
 * `offset`, with only the `fields` asked for. Either way the answer is the same JSON
 * array, and `X-Total-Count` says how many items match, so a client can page through.
 */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
export const TOTAL_COUNT_HEADER = "X-Total-Count";

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from 0 to ${max}`)
    .transform(Number)
    .refine((value) => value <= max, `must be a whole number from 0 to ${max}`);

const MAX_OFFSET = 999_999_999;

export const windowParams = {
  limit: wholeNumber(MAX_LIMIT).optional(),
  offset: wholeNumber(MAX_OFFSET).optional(),
};

function fieldsParam<F extends string>(names: readonly F[]) {
  const known = new Set<string>(names);
  return z
    .string()
    .transform((raw) => raw.split(",").map((name) => name.trim()))
    .refine((list) => list.every((name) => known.has(name)), `must be a comma-separated list of: ${names.join(", ")}`)
    .transform((list) => list as F[])
    .optional();
}

export interface ListQuery<Item> {
  /** Null: the whole list (no parameter given). */
  window: ListWindow | null;
  fields: FieldChoice<Item>;
}

const LIST_PARAMS = ["limit", "offset", "fields"] as const;

function windowOf(query: { limit?: number; offset?: number }, anyGiven: boolean): ListWindow | null {
  return anyGiven ? { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 } : null;
}

/** The query of a list whose items have the fields `names`; 400 naming the parameter when one is wrong. */
export function listQuery<Item>(c: Context, names: ReadonlyArray<keyof Item & string>): ListQuery<Item> {
  const raw = c.req.query();
  const query = validate(z.object({ ...windowParams, fields: fieldsParam(names) }), raw);
  const anyGiven = LIST_PARAMS.some((name) => name in raw);
  return { window: windowOf(query, anyGiven), fields: query.fields ?? null };
}

export interface EventListQuery<Item> extends ListQuery<Item> {
  filter: { from?: string; to?: string; order?: "asc" | "desc"; single?: boolean };
}

/**
 * Events also take `from` (inclusive) and `to` (exclusive) date-times, `order` (asc or
 * desc, by date) and `single=true`: no date of a repeating series (the calendar has those
 * from GET /api/event-series, one entry a series).
 */
export function eventListQuery<Item>(c: Context, names: ReadonlyArray<keyof Item & string>): EventListQuery<Item> {
  const raw = c.req.query();
  const schema = z.object({
    ...windowParams,
    fields: fieldsParam(names),
    from: dateTime().optional(),
    to: dateTime().optional(),
    order: z.enum(["asc", "desc"], { error: "must be asc or desc" }).optional(),
    single: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  });
  const { from, to, order, single, ...query } = validate(schema, raw);
  const anyGiven = [...LIST_PARAMS, "from", "to", "order", "single"].some((name) => name in raw);
  const filter = { from, to, order, single: single === "true" };
  return { window: windowOf(query, anyGiven), fields: query.fields ?? null, filter };
}

export interface AdminListQuery {
  window: ListWindow | null;
  seen: Visibility;
}

/**
 * The admin's lists of news and events (docs/product.md, 'Publishing') take the public
 * lists' `limit` and `offset`, and `status` (draft, scheduled or published; every state
 * when left out).
 */
export function adminListQuery(c: Context, now: Date): AdminListQuery {
  const raw = c.req.query();
  const schema = z.object({
    ...windowParams,
    status: z.enum(PUBLISH_STATES, { error: "must be draft, scheduled or published" }).optional(),
  });
  const { status, ...query } = validate(schema, raw);
  const anyGiven = ["limit", "offset"].some((name) => name in raw);
  return { window: windowOf(query, anyGiven), seen: { scope: status ?? "all", now } };
}
