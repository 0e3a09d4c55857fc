import type { Hono } from "hono";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../store/schema";
import { requireAdmin } from "./auth";
import { jsonLimit } from "./body-limits";
import type { ApiDeps, ApiEnv } from "./context";
import { notFound } from "./errors";
import { parseId, readJson, validate } from "./validation";

/** What a content list (news, events, gallery) stores, one item at a time. */
export interface ItemStore<Item, Input> {
  get: (db: Kysely<Database>, id: number) => Promise<Item | null>;
  create: (db: Kysely<Database>, input: Input, now: Date) => Promise<Item>;
  update: (db: Kysely<Database>, id: number, input: Input, now: Date) => Promise<Item | null>;
  remove: (db: Kysely<Database>, id: number) => Promise<boolean>;
}

/**
 * The item calls every content list has alike (docs/product.md §7): GET /{name}/{id}
 * for anyone, and POST /admin/{name}, PUT and DELETE /admin/{name}/{id} for an
 * administrator, the body checked against `schema`; an unknown id is a 404 saying
 * `notFoundMessage`. Each list's own module adds its list call (filters differ).
 */
export function addItemRoutes<Item, Input>(
  app: Hono<ApiEnv>,
  deps: ApiDeps,
  spec: { name: string; schema: z.ZodType<Input>; notFoundMessage: string; store: ItemStore<Item, Input> },
): void {
  const { db } = deps.store;
  const { name, schema, notFoundMessage, store } = spec;
  const admin = requireAdmin(deps);
  const found = (item: Item | null): Item => {
    if (!item) throw notFound(notFoundMessage);
    return item;
  };

  app.get(`/${name}/:id`, async (c) => c.json(found(await store.get(db, parseId(c.req.param("id"))))));

  app.post(`/admin/${name}`, admin, jsonLimit, async (c) => {
    const input = validate(schema, await readJson(c));
    return c.json(await store.create(db, input, deps.now()), 201);
  });

  app.put(`/admin/${name}/:id`, admin, jsonLimit, async (c) => {
    const id = parseId(c.req.param("id"));
    const input = validate(schema, await readJson(c));
    return c.json(found(await store.update(db, id, input, deps.now())));
  });

  app.delete(`/admin/${name}/:id`, admin, async (c) => {
    if (!(await store.remove(db, parseId(c.req.param("id"))))) throw notFound(notFoundMessage);
    return c.json({ ok: true });
  });
}
