import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { problemOfIssue } from "../../../common/field-problems";
import { TEXT_LIMITS } from "../../../common/text-limits";
import { BATCH_MAX_IMAGES } from "../../../common/upload-limits";
import { saveGalleryChanges } from "../lib/gallery-saves";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, notFound, type ItemProblem } from "../lib/errors";
import { galleryViewer, publicGalleryFields, scopeOf } from "../lib/gallery-access";
import { addItemRoutes } from "../lib/item-routes";
import { addGalleryUsesRoute } from "./gallery-uses";
import { idListQuery, optionalText, readJson, requiredImageUrl, validate } from "../lib/validation";
import { listQuery } from "../lib/list-query";
import { listResponse } from "../lib/list-response";
import { albumExists } from "../../store/albums";
import { isParentsOnlyAlbum } from "../../store/gallery-visibility";
import {
  countGallery,
  createGalleryItem,
  deleteGalleryItem,
  GALLERY_COLUMNS,
  galleryByIds,
  galleryIds,
  getGalleryItem,
  listGallery,
  updateGalleryItem,
  type GalleryInput,
  type GalleryItem,
} from "../../store/gallery";
import { fieldNames, inIdOrder } from "../../store/listing";
import type { TokenUser } from "../../store/tokens";
import type { Kysely } from "kysely";
import type { Database } from "../../store/schema";

/** The body docs/product.md, 'The calls it makes' gives, with the optional album, description and consent of 'Photos'. */
const gallerySchema = z.object({
  imageUrl: requiredImageUrl(),
  caption: optionalText(TEXT_LIMITS.caption),
  albumId: z.number({ error: "must be an album id" }).int().positive().nullable().optional(),
  altText: optionalText(TEXT_LIMITS.altText).optional(),
  consent: z.boolean({ error: "must be true or false" }).optional(),
});
type GalleryBody = z.output<typeof gallerySchema>;

export const NOT_FOUND = "Gallery image not found";

/** `?ids=1,2,3`: a batch's images (docs/product.md, 'Photos'), each once, at most a batch's worth. */
const IDS_PROBLEM = `must be from 1 to ${BATCH_MAX_IMAGES} image ids separated by commas`;
const idsQuerySchema = z.object({ ids: idListQuery(BATCH_MAX_IMAGES, IDS_PROBLEM) });

/**
 * The captions and descriptions of many images at once: the same fields as the gallery's
 * own PUT (left out keeps, null or '' clears); album and consent are not touched.
 */
const textsSchema = z.object({
  images: z
    .array(
      z.object(
        {
          id: z.number({ error: "must be a gallery image id" }).int().positive(),
          caption: optionalText(TEXT_LIMITS.caption).optional(),
          altText: optionalText(TEXT_LIMITS.altText).optional(),
        },
        { error: "must be an image: {id, caption, altText}" },
      ),
      { error: "must be a list of images" },
    )
    .min(1, "must name at least one image")
    .max(BATCH_MAX_IMAGES, `must name at most ${BATCH_MAX_IMAGES} images`)
    .refine((images) => new Set(images.map((image) => image.id)).size === images.length, "must name each image once"),
});

/**
 * The texts body checked item by item: the first problem is the answer's `field` and
 * message as every call has them (`images.2.caption: must be at most 500 characters`),
 * and `problems` lists each image's problems by its id and field.
 */
function validateTexts(input: unknown): z.output<typeof textsSchema> {
  const result = textsSchema.safeParse(input);
  if (result.success) return result.data;
  const listed = (input as { images?: unknown } | null)?.images;
  const problems: ItemProblem[] = result.error.issues.flatMap((issue) => {
    const [list, index, ...rest] = issue.path;
    if (list !== "images" || typeof index !== "number") return [];
    const item: unknown = Array.isArray(listed) ? listed[index] : undefined;
    const id = (item as { id?: unknown } | null)?.id;
    return [
      {
        id: typeof id === "number" ? id : null,
        field: rest.map(String).join(".") || "image",
        message: issue.message,
        ...problemOfIssue(issue, input),
      },
    ];
  });
  if (problems.length === 0) return validate(textsSchema, input);
  const [first] = result.error.issues;
  const field = first.path.map(String).join(".");
  throw new ApiError(400, `${field}: ${first.message}`, {
    field,
    problem: problemOfIssue(first, input),
    problems,
  });
}

/** GET /admin/gallery is a call only with `ids`: without them it is not found, as it always was. */
const withIds = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.req.query("ids") === undefined) throw notFound();
  await next();
});

/** The body as the store takes it: an album that exists, and consent as who and when. */
async function storeInput(db: Kysely<Database>, body: GalleryBody, now: Date, by: TokenUser): Promise<GalleryInput> {
  const { consent, ...rest } = body;
  if (typeof body.albumId === "number" && !(await albumExists(db, body.albumId))) {
    throw new ApiError(400, "albumId: no such album", { field: "albumId" });
  }
  return {
    ...rest,
    // Only a confirmation is recorded; false takes a recorded one back.
    ...(consent !== undefined && { consent: consent ? { by: by.name || by.username, at: now } : null }),
  };
}

export function galleryRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/gallery", async (c) => {
    const { window, fields } = listQuery<GalleryItem>(c, fieldNames(GALLERY_COLUMNS));
    const viewer = await galleryViewer(deps, c);
    const scope = scopeOf(viewer);
    const shown = (items: GalleryItem[]) => (viewer.committee ? items : items.map(publicGalleryFields));
    return listResponse(c, window, {
      count: () => countGallery(db, scope),
      window: async (slice) => shown(await listGallery(db, slice, fields, scope)),
      ids: () => galleryIds(db, scope),
      byIds: async (ids) => shown(await galleryByIds(db, ids)),
    });
  });

  // The images of a batch, as the committee sees them, in the order asked; one gone is left out.
  app.get("/admin/gallery", withIds, requireAdmin(deps), async (c) => {
    const { ids } = validate(idsQuerySchema, c.req.query());
    return c.json(inIdOrder(ids, await galleryByIds(db, ids)));
  });

  // Many images' captions and descriptions in one transaction; each change is recorded.
  app.put("/admin/gallery", requireAdmin(deps), jsonLimit, async (c) => {
    const { images } = validateTexts(await readJson(c));
    return saveGalleryChanges(deps, c, images, deps.now());
  });

  addGalleryUsesRoute(app, deps, NOT_FOUND);
  addItemRoutes(app, deps, {
    name: "gallery",
    schema: gallerySchema,
    notFoundMessage: NOT_FOUND,
    titleOf: (item) => item.caption ?? item.imageUrl,
    shownTo: async (c, item) => {
      const viewer = await galleryViewer(deps, c);
      if (viewer.committee) return item;
      // A parents-only album's image is not there for a visitor without the passphrase.
      if (!viewer.parents && (await isParentsOnlyAlbum(db, item.albumId))) return null;
      return publicGalleryFields(item);
    },
    store: {
      get: getGalleryItem,
      create: async (db, body, now, by) => createGalleryItem(db, await storeInput(db, body, now, by), now),
      update: async (db, id, body, now, by) => updateGalleryItem(db, id, await storeInput(db, body, now, by), now),
      remove: deleteGalleryItem,
    },
  });

  return app;
}
