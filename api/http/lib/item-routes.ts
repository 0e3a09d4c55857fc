import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../store/schema";
import type { TokenUser } from "../../store/tokens";
import { recordChange } from "./activity";
import { requireAdmin } from "./auth";
import { jsonLimit } from "./body-limits";
import type { ApiDeps, ApiEnv } from "./context";
import { notFound } from "./errors";
import { parseId, readJson, validate } from "./validation";

/** What a content list (news, events, gallery) stores, one item at a time; `by` is who writes. */
export interface ItemStore<Item, Input> {
  get: (db: Kysely<Database>, id: number) => Promise<Item | null>;
  create: (db: Kysely<Database>, input: Input, now: Date, by: TokenUser) => Promise<Item>;
  update: (db: Kysely<Database>, id: number, input: Input, now: Date, by: TokenUser) => Promise<Item | null>;
  remove: (db: Kysely<Database>, id: number) => Promise<boolean>;
}

/**
 * The item calls every content list has alike (docs/product.md, 'The calls it makes'): GET /{name}/{id}
 * for anyone, and POST /admin/{name}, PUT and DELETE /admin/{name}/{id} for an
 * administrator, the body checked against `schema`; an unknown id is a 404 saying
 * `notFoundMessage`. Each list's own module adds its list call (filters differ).
 */
export function addItemRoutes<Item extends { id: number }, Input>(
  app: Hono<ApiEnv>,
  deps: ApiDeps,
  spec: {
    name: string;
    schema: z.ZodType<Input>;
    notFoundMessage: string;
    store: ItemStore<Item, Input>;
    /** What the record of changes calls an item (docs/product.md, 'The committee'): its title at the time. */
    titleOf: (item: Item) => string | null;
    /** What GET /{name}/{id} shows of an item to this caller; null: not found for them. All of it by default. */
    shownTo?: (c: Context<ApiEnv>, item: Item) => Promise<object | null>;
    /** GET /admin/{name}/{id}: the whole item, for the committee (an item visitors may not see among them). */
    adminGet?: boolean;
  },
): void {
  const { db } = deps.store;
  const { name, schema, notFoundMessage, store, titleOf, shownTo = async (_c, item) => item } = spec;
  const admin = requireAdmin(deps);
  const found = (item: Item | null): Item => {
    if (!item) throw notFound(notFoundMessage);
    return item;
  };
  /** Every write is recorded with who made it: `news.create`, `events.update`, `gallery.delete`. */
  const record = (c: Context<ApiEnv>, change: string, id: number, item: Item) =>
    recordChange(deps, c, `${name}.${change}`, { type: name, id, title: titleOf(item) });

  app.get(`/${name}/:id`, async (c) => {
    const item = found(await store.get(db, parseId(c.req.param("id"))));
    const shown = await shownTo(c, item);
    if (shown === null) throw notFound(notFoundMessage);
    return c.json(shown);
  });

  if (spec.adminGet) {
    app.get(`/admin/${name}/:id`, admin, async (c) => c.json(found(await store.get(db, parseId(c.req.param("id"))))));
  }

  app.post(`/admin/${name}`, admin, jsonLimit, async (c) => {
    const input = validate(schema, await readJson(c));
    const item = await store.create(db, input, deps.now(), c.get("user"));
    await record(c, "create", item.id, item);
    return c.json(item, 201);
  });

  app.put(`/admin/${name}/:id`, admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input = validate(schema, await readJson(c));
    const item = found(await store.update(db, id, input, deps.now(), c.get("user")));
    await record(c, "update", id, item);
    return c.json(item);
  });

  app.delete(`/admin/${name}/:id`, admin, async (c) => {
    const id = parseId(c.req.param("id"));
    // Read first: the record keeps the title the item had when it went.
    const item = found(await store.get(db, id));
    if (!(await store.remove(db, id))) throw notFound(notFoundMessage);
    await record(c, "delete", id, item);
    return c.json({ ok: true });
  });
}
