import { Hono, type Context } from "hono";
import { z } from "zod";
import { ALBUM_PAGE_SIZE, ALBUM_VISIBILITIES } from "../../../common/albums";
import { isoDateProblem } from "../../../common/date-range";
import { dateIssue } from "../../../common/field-problems";
import { TEXT_LIMITS } from "../../../common/text-limits";
import {
  albumImageIdAt,
  albumImages,
  countAlbumImages,
  isAlbumImage,
  MAX_ORDERED,
  orderAlbumImages,
} from "../../store/album-images";
import {
  albumCard,
  countAlbums,
  createAlbum,
  deleteAlbum,
  getAlbum,
  listAlbums,
  MAX_LISTED_IDS,
  updateAlbum,
  withCards,
  type Album,
  type AlbumInput,
} from "../../store/albums";
import { getEvent } from "../../store/events";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { galleryViewer } from "../lib/gallery-access";
import { DEFAULT_LIMIT, TOTAL_COUNT_HEADER, windowParams } from "../lib/list-query";
import { idListQuery, parseId, readJson, requiredText, validate } from "../lib/validation";

const NOT_FOUND = "Album not found";

const id = (what: string) =>
  z
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`);

/** A day on the calendar, YYYY-MM-DD, as an album's date is kept. */
const day = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? "is required" : "must be text") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .superRefine((value, ctx) => {
    const problem = isoDateProblem(value);
    if (problem) ctx.addIssue(dateIssue(problem));
  });

/** An album's body (docs/product.md, 'Photos'); left out, the event and the cover are none. */
const albumBody = () =>
  z.object({
    title: requiredText(TEXT_LIMITS.shortText),
    date: day,
    eventId: id("an event id")
      .nullish()
      .transform((value) => value ?? null),
    visibility: z
      .enum(ALBUM_VISIBILITIES, { error: `must be one of: ${ALBUM_VISIBILITIES.join(", ")}` })
      .optional()
      .transform((value) => value ?? "public"),
    coverImageId: id("an image id")
      .nullish()
      .transform((value) => value ?? null),
  });

const listParams = () =>
  z.object({
    ...windowParams,
    eventId: z
      .string()
      .regex(/^\d{1,15}$/, "must be an event id")
      .transform(Number)
      .optional(),
    // docs/product.md, 'Parents-only albums': /gallery shows the albums a visitor may not open yet as locked tiles.
    locked: z.enum(["include"], { error: "must be include" }).optional(),
    visibility: z.enum(ALBUM_VISIBILITIES, { error: `must be one of: ${ALBUM_VISIBILITIES.join(", ")}` }).optional(),
    // Only these albums: a page of photos asks which of its own albums are parents-only.
    ids: idListQuery(MAX_LISTED_IDS, `must be at most ${MAX_LISTED_IDS} album ids joined by '.'`, ".").optional(),
  });
const pageParam = () =>
  z.object({
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, "must be a whole number from 1")
      .transform(Number)
      .optional(),
  });
const deleteParams = () =>
  z.object({ images: z.enum(["keep", "delete"], { error: "must be keep or delete" }).optional() });
const orderBody = () =>
  z.object({
    imageIds: z
      .array(id("an image id"), { error: "must be a list of image ids" })
      .min(1, "must name at least one image")
      .max(MAX_ORDERED, `must name at most ${MAX_ORDERED} images`)
      .refine((ids) => new Set(ids).size === ids.length, "must name each image once"),
  });

/** The answer's album for a visitor who may not see a parents-only album: its title and date alone. */
const lockedAlbum = ({ id, title, date, visibility, eventId }: Album) => ({ id, title, date, visibility, eventId });

export function albumRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  const admin = requireAdmin(deps);
  const record = (c: Context<ApiEnv>, change: string, album: Album) =>
    recordChange(deps, c, `album.${change}`, { type: "album", id: album.id, title: album.title });

  /** The body as the store takes it: an event that exists, a cover among the album's own images. */
  async function checked(raw: unknown, albumId: number | null): Promise<AlbumInput> {
    const body = validate(albumBody(), raw);
    if (body.eventId !== null && !(await getEvent(db, body.eventId))) {
      throw new ApiError(400, "eventId: no such event", { field: "eventId" });
    }
    if (body.coverImageId !== null && (albumId === null || !(await isAlbumImage(db, albumId, body.coverImageId)))) {
      throw new ApiError(400, "coverImageId: must be an image of this album", { field: "coverImageId" });
    }
    return body;
  }

  const found = <T>(item: T | null): T => {
    if (item === null) throw notFound(NOT_FOUND);
    return item;
  };

  // Always a window (at most 1,000 albums), so no call reads every album at once.
  app.get("/albums", async (c) => {
    const query = validate(listParams(), c.req.query());
    const { parents } = await galleryViewer(deps, c);
    const withLocked = query.locked === "include";
    const filter = {
      eventId: query.eventId,
      publicOnly: !parents && !withLocked,
      visibility: query.visibility,
      ids: query.ids,
    };
    const window = { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
    const [total, albums] = await Promise.all([countAlbums(db, filter), listAlbums(db, window, filter)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    // A parents-only album this caller may not open is listed by its title and date alone, as its own page shows it.
    const shown = (await withCards(db, albums)).map(({ coverImageId: _cover, ...card }) =>
      !parents && card.visibility === "parents" ? { ...card, coverImageUrl: null, locked: true } : card,
    );
    return c.json(shown);
  });

  /**
   * The images just before and after a page of an album, round the album's ends (the
   * last image is before page 1): a lightbox or an order steps across the page's edges
   * without reading the next page. Null for an album of one page.
   */
  const pageNeighbours = async (albumId: number, first: number, count: number, pages: number) => {
    if (pages <= 1) return { before: null, after: null };
    const last = first + ALBUM_PAGE_SIZE;
    const [before, after] = await Promise.all([
      albumImageIdAt(db, albumId, first > 0 ? first - 1 : count - 1),
      albumImageIdAt(db, albumId, last < count ? last : 0),
    ]);
    return { before, after };
  };

  app.get("/albums/:id", async (c) => {
    const album = found(await albumCard(db, parseId(c.req.param("id"))));
    const { page = 1 } = validate(pageParam(), c.req.query());
    if (album.visibility === "parents" && !(await galleryViewer(deps, c)).parents) {
      return c.json({ album: lockedAlbum(album), images: [], page: 1, pages: 0, locked: true });
    }
    const count = await countAlbumImages(db, album.id);
    const pages = Math.ceil(count / ALBUM_PAGE_SIZE);
    if (page > Math.max(1, pages)) throw notFound("Album page not found");
    const first = (page - 1) * ALBUM_PAGE_SIZE;
    const [images, neighbours] = await Promise.all([
      albumImages(db, album.id, { limit: ALBUM_PAGE_SIZE, offset: first }),
      pageNeighbours(album.id, first, count, pages),
    ]);
    return c.json({ album, images, page, pages, neighbours });
  });

  app.post("/admin/albums", admin, jsonLimit, async (c) => {
    const album = await createAlbum(db, await checked(await readJson(c), null), deps.now());
    await record(c, "create", album);
    return c.json(await albumCard(db, album.id), 201);
  });

  app.put("/admin/albums/:id", admin, jsonLimit, async (c) => {
    const albumId = parseId(c.req.param("id"));
    // The body is read first: a body that is not JSON is refused before anything is looked up.
    const raw = await readJson(c);
    found(await getAlbum(db, albumId));
    const album = found(await updateAlbum(db, albumId, await checked(raw, albumId), deps.now()));
    await record(c, "update", album);
    return c.json(await albumCard(db, album.id));
  });

  app.delete("/admin/albums/:id", admin, async (c) => {
    const { images = "keep" } = validate(deleteParams(), c.req.query());
    const album = found(await getAlbum(db, parseId(c.req.param("id"))));
    if (!(await deleteAlbum(db, album.id, images, deps.now()))) throw notFound(NOT_FOUND);
    await record(c, "delete", album);
    return c.json({ ok: true });
  });

  app.put("/admin/albums/:id/order", admin, jsonLimit, async (c) => {
    const albumId = parseId(c.req.param("id"));
    const { imageIds } = validate(orderBody(), await readJson(c));
    const album = found(await getAlbum(db, albumId));
    if (!(await orderAlbumImages(db, album.id, imageIds))) {
      throw new ApiError(400, "imageIds: must be images of this album", { field: "imageIds" });
    }
    await record(c, "order", album);
    return c.json({ ok: true });
  });

  return app;
}
