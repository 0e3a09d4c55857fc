import type { Context, Hono } from "hono";
import type { z } from "zod";
import { addPreviewLink, deletePreviewLinks } from "../../store/preview-links";
import { readAutosave, saveAutosave } from "../../store/revisions";
import type { Publishing } from "../../store/publishing";
import { recordChange } from "./activity";
import { requireAdmin } from "./auth";
import { jsonLimit } from "./body-limits";
import type { ApiDeps, ApiEnv } from "./context";
import { notFound } from "./errors";
import type { PublishInput } from "./publish-fields";
import { revisionTarget, type PublishedKind, type SaveItem } from "./published-items";
import { addRevisionRoutes } from "./revision-routes";
import { generateToken, hashToken } from "./tokens";
import { parseId, readJson, validate } from "./validation";

/** docs/product.md, 'Publishing': a preview link works for a week, unless revoked or the item is published. */
export const PREVIEW_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The publishing fields are the item's state, not its text, and an event's booking
 * settings are its bookings' (places already taken must stay valid, parents may wait): a
 * restore or an autosave leaves them as they are.
 */
function textFieldsOf(fields: Record<string, unknown>): Record<string, unknown> {
  const { status: _status, publishAt: _publishAt, version: _version, booking: _booking, ...rest } = fields;
  return rest;
}

/**
 * The calls a published kind (news, events) has beside the product spec's: its history
 * and restore, the editor's autosave, and preview links (docs/product.md, 'Publishing').
 */
export function addPublishedItemRoutes<Item extends { id: number }, Input extends PublishInput>(
  app: Hono<ApiEnv>,
  deps: ApiDeps,
  spec: {
    name: string;
    notFoundMessage: string;
    kind: PublishedKind<Item, Input>;
    titleOf: (item: Item) => string | null;
    schema: z.ZodType<Input>;
    save: SaveItem<Item, Input>;
  },
): void {
  const { db } = deps.store;
  const { name, kind, schema, save } = spec;
  const admin = requireAdmin(deps);
  const base = `/admin/${name}/:id`;
  /** The item a call is about, in any state; 404 when there is none. */
  const itemOf = async (c: Context<ApiEnv>): Promise<Item & Publishing> => {
    const item = await kind.getAdmin(db, parseId(c.req.param("id") ?? ""), deps.now());
    if (!item) throw notFound(spec.notFoundMessage);
    return item;
  };

  addRevisionRoutes(app, deps, {
    base,
    target: async (c) => revisionTarget(kind.type, (await itemOf(c)).id),
    // The old fields checked as a save's would be, and saved as a new revision: nothing is lost, and a restore can itself be undone.
    restore: async (c, target, revision, body) => {
      const input = validate(schema, { ...textFieldsOf(revision.fields), version: body.version });
      const item = await save(db, Number(target.key), input, deps.now(), c.get("user"), "restore");
      if (!item) throw notFound(spec.notFoundMessage);
      await recordChange(deps, c, `${name}.restore`, { type: name, id: item.id, title: spec.titleOf(item) });
      return item;
    },
  });

  app.put(`${base}/autosave`, admin, jsonLimit, async (c) => {
    const item = await itemOf(c);
    const input = validate(schema, await readJson(c));
    const at = deps.now();
    await saveAutosave(db, revisionTarget(kind.type, item.id), {
      version: input.version ?? item.version,
      at,
      by: { id: c.get("user").id, name: c.get("user").name },
      fields: textFieldsOf(input as Record<string, unknown>),
    });
    return c.json({ at: at.toISOString() });
  });

  app.get(`${base}/autosave`, admin, async (c) => {
    const item = await itemOf(c);
    const autosave = await readAutosave(db, revisionTarget(kind.type, item.id), c.get("user").id);
    if (!autosave) throw notFound("No autosave");
    return c.json({ at: autosave.at, version: autosave.version, fields: autosave.fields });
  });

  app.post(`${base}/preview-link`, admin, async (c) => {
    const item = await itemOf(c);
    const token = generateToken();
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS);
    await addPreviewLink(db, { tokenHash: hashToken(token), type: kind.type, itemId: item.id, expiresAt }, now);
    const path = `/preview/${token}`;
    return c.json({ url: `${deps.mail.settings.siteUrl}${path}`, path, expiresAt: expiresAt.toISOString() }, 201);
  });

  app.delete(`${base}/preview-link`, admin, async (c) => {
    const item = await itemOf(c);
    await deletePreviewLinks(db, kind.type, item.id);
    return c.json({ ok: true });
  });
}
