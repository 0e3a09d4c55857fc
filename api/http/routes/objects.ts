import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { limitUploadBody, NEWS_UPLOAD_LIMIT, NEWS_UPLOAD_TOO_LARGE } from "../lib/body-limits";
import { recordChangeOf } from "../lib/activity";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { objectCacheControl } from "../lib/object-access";
import { isAcceptedContentType, NOT_AN_IMAGE_MESSAGE, processImage } from "../lib/images";
import { checkExpiring } from "../lib/expiring-signatures";
import { RANDOM_ID_PATTERN } from "../../store/random-id";
import { getOriginal, getVariant, saveImage, type StoredImage } from "../../store/images";
import { completeUpload, findUpload } from "../../store/uploads";

const ID = `{${RANDOM_ID_PATTERN}}`;
const MAX_REQUESTED_WIDTH = 10_000;

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

export function objectRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  // Images never change under an id, so they may be cached for a year; but a parents-only
  // album's image is there only for those who may see it, and kept by no shared cache
  // (docs/product.md, 'Photos'). HEAD is answered by Hono from GET.
  app.get(`/images/:id${ID}`, async (c) => {
    const id = c.req.param("id");
    const cacheControl = await objectCacheControl(deps, c, id);
    const w = c.req.query("w");
    let image: StoredImage | null;
    if (w === undefined) {
      image = await getOriginal(db, id);
    } else {
      const width = /^\d{1,5}$/.test(w) ? Number(w) : NaN;
      if (!(width >= 1 && width <= MAX_REQUESTED_WIDTH)) {
        throw new ApiError(400, `w: must be a whole number from 1 to ${MAX_REQUESTED_WIDTH}`, { field: "w" });
      }
      image = await getVariant(db, id, width);
    }
    if (!image) throw new ApiError(404, "Image not found");

    const etag = `"${image.etag}"`;
    c.header("ETag", etag);
    c.header("Cache-Control", cacheControl);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'");
    if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304);
    c.header("Content-Type", image.contentType);
    c.header("Content-Length", String(image.bytes.length));
    return c.body(new Uint8Array(image.bytes));
  });

  // News, step 2: the presigned PUT. The signature is checked before any of the body is read.
  const signedUpload = createMiddleware<ApiEnv>(async (c, next) => {
    const uploadId = c.req.param("uploadId") ?? "";
    const check = checkExpiring(
      deps.signingSecret,
      uploadId,
      c.req.query("expires"),
      c.req.query("signature"),
      deps.now(),
    );
    if (check === "expired") throw new ApiError(403, "This upload link has expired. Please try again.");
    if (check !== "ok") throw new ApiError(403, "This upload link is not valid.");
    const upload = await findUpload(db, uploadId, deps.now());
    if (!upload) throw new ApiError(403, "This upload link is not valid.");
    if (!upload.sessionLive) {
      throw new ApiError(
        403,
        "This upload link ended with the sign-in that asked for it. Please sign in and try again.",
      );
    }
    if (upload.imageId) throw new ApiError(409, "This upload link has already been used.");
    await next();
  });

  app.put(
    `/uploads/:uploadId${ID}`,
    signedUpload,
    limitUploadBody(NEWS_UPLOAD_LIMIT, NEWS_UPLOAD_TOO_LARGE),
    async (c) => {
      if (!isAcceptedContentType(c.req.header("content-type"))) throw new ApiError(415, NOT_AN_IMAGE_MESSAGE);
      const body = Buffer.from(await c.req.arrayBuffer());
      if (body.length > NEWS_UPLOAD_LIMIT) throw new ApiError(413, NEWS_UPLOAD_TOO_LARGE);
      const image = await processImage(body);
      const imageId = await saveImage(db, image, deps.now());
      const completed = await completeUpload(db, c.req.param("uploadId"), imageId, deps.now());
      if (!completed) throw new ApiError(409, "This upload link has already been used.");
      // No bearer token here: the signed link stands for the person who asked for it.
      await recordChangeOf(deps, completed.userId, "upload.create", { type: "image", id: imageId });
      return c.json({ ok: true });
    },
  );

  return app;
}
