import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { TOTAL_COUNT_HEADER } from "../lib/list-query";
import { notFound } from "../lib/errors";
import { saveGalleryChanges } from "../lib/gallery-saves";
import { optionalText, readJson, validate } from "../lib/validation";
import { countNeeding, FOLLOW_UPS, listNeeding, type FollowUp } from "../../store/gallery-follow-up";

/** A follow-up screen's page, and the most one save may change (docs/product.md, 'Photos'). */
export const FOLLOW_UP_PAGE_SIZE = 20;
export const FOLLOW_UP_MAX = 100;

const windowSchema = z.object({
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${FOLLOW_UP_MAX}` })
    .int(`must be a whole number from 1 to ${FOLLOW_UP_MAX}`)
    .min(1, `must be a whole number from 1 to ${FOLLOW_UP_MAX}`)
    .max(FOLLOW_UP_MAX, `must be a whole number from 1 to ${FOLLOW_UP_MAX}`)
    .default(FOLLOW_UP_PAGE_SIZE),
  offset: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be a whole number")
    .max(999_999_999, "must be a whole number")
    .default(0),
});

/** The same fields as the gallery's own PUT: undefined keeps, null or '' clears, consent true records. */
const saveSchema = z.object({
  images: z
    .array(
      z.object({
        id: z.number({ error: "must be a gallery image id" }).int().positive(),
        altText: optionalText(TEXT_LIMITS.altText).optional(),
        consent: z.boolean({ error: "must be true or false" }).optional(),
      }),
      { error: "must be a list of images" },
    )
    .min(1, "must name at least one image")
    .max(FOLLOW_UP_MAX, `must name at most ${FOLLOW_UP_MAX} images`),
});

const isFollowUp = (need: string): need is FollowUp => FOLLOW_UPS.some((known) => known === need);

/**
 * The committee's gallery follow-up (docs/product.md, 'Photos'): how many images have no
 * description and how many have no consent record, a page of either, and one call
 * that saves a page's descriptions or consent confirmations together.
 */
export function galleryFollowUpRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  const admin = requireAdmin(deps);

  app.get("/admin/gallery/follow-up", admin, async (c) => {
    const [withoutDescription, consentNotRecorded] = await Promise.all([
      countNeeding(db, "description"),
      countNeeding(db, "consent"),
    ]);
    return c.json({ withoutDescription, consentNotRecorded });
  });

  app.get("/admin/gallery/follow-up/:need", admin, async (c) => {
    const need = c.req.param("need");
    if (!isFollowUp(need)) throw notFound("Not found");
    const window = validate(windowSchema, c.req.query());
    const [total, items] = await Promise.all([countNeeding(db, need), listNeeding(db, need, window)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(items);
  });

  app.put("/admin/gallery/follow-up", admin, jsonLimit, async (c) => {
    const { images } = validate(saveSchema, await readJson(c));
    const now = deps.now();
    const by = c.get("user");
    const changes = images.map(({ consent, ...rest }) => ({
      ...rest,
      ...(consent !== undefined && { consent: consent ? { by: by.name || by.username, at: now } : null }),
    }));
    return saveGalleryChanges(deps, c, changes, now);
  });

  return app;
}
