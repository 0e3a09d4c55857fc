import { Hono, type Context } from "hono";
import { z } from "zod";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import {
  ADMIN_UPLOAD_LIMIT,
  ADMIN_UPLOAD_TOO_LARGE,
  jsonLimit,
  limitUploadBody,
  MULTIPART_OVERHEAD,
} from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { isAcceptedContentType, NOT_AN_IMAGE_MESSAGE, processImage } from "../lib/images";
import { signExpiring } from "../lib/expiring-signatures";
import { randomId, RANDOM_ID_PATTERN } from "../../store/random-id";
import { readJson, requiredText, validate } from "../lib/validation";
import { saveImage } from "../../store/images";
import { createUpload, deleteStaleUploads, findUpload } from "../../store/uploads";

/** How long an upload link works. */
const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;

const UPLOAD_PATH = new RegExp(`^/objects/uploads/(${RANDOM_ID_PATTERN})$`);
const COMPLETED_UPLOAD_PROBLEM = "must be the URL of a completed upload";

const newsImageSchema = z.object({ imageURL: requiredText(4096) });

export function imagePath(imageId: string): string {
  return `/objects/images/${imageId}`;
}

/** The origin the browser used: the request's own, or the proxy's forwarded one when trusted. */
function publicOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (trustProxy) {
    const host = c.req.header("x-forwarded-host")?.split(",")[0].trim();
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0].trim();
    if (host && /^[A-Za-z0-9.:[\]-]+$/.test(host)) url.host = host;
    if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
  }
  return url.origin;
}

/** A body a form parser reads (the SPEC's call); no type at all is read as one too, and found empty. */
function isFormBody(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return type === "" || type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
}

/** The longest file name kept for the record of changes. */
const MAX_NAME_CHARS = 255;

interface UploadedFile {
  bytes: ArrayBuffer;
  /** Its declared type, which decides 415 before a byte is decoded. */
  type: string;
  name: string;
}

async function formFile(c: Context<ApiEnv>): Promise<UploadedFile> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, "image: is required", { field: "image" });
  }
  const file = form.image;
  if (!(file instanceof File)) throw new ApiError(400, "image: is required", { field: "image" });
  return { bytes: await file.arrayBuffer(), type: file.type, name: file.name };
}

async function bodyFile(c: Context<ApiEnv>): Promise<UploadedFile> {
  return {
    bytes: await c.req.arrayBuffer(),
    type: c.req.header("content-type") ?? "",
    name: (c.req.query("name") ?? "").slice(0, MAX_NAME_CHARS),
  };
}

export function uploadRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
  const app = new Hono<ApiEnv>();

  // Events and gallery: the file in the multipart field "image" (docs/product.md, 'The
  // calls it makes'), or the file itself as the body, its type as the Content-Type and
  // its name in `?name=` (how the web app hands on a file as it arrives).
  app.post(
    "/admin/upload",
    admin,
    limitUploadBody(ADMIN_UPLOAD_LIMIT + MULTIPART_OVERHEAD, ADMIN_UPLOAD_TOO_LARGE),
    async (c) => {
      const { bytes, type, name } = isFormBody(c.req.header("content-type")) ? await formFile(c) : await bodyFile(c);
      if (bytes.byteLength > ADMIN_UPLOAD_LIMIT) throw new ApiError(413, ADMIN_UPLOAD_TOO_LARGE, { field: "image" });
      if (!isAcceptedContentType(type)) throw new ApiError(415, NOT_AN_IMAGE_MESSAGE, { field: "image" });
      const image = await processImage(Buffer.from(bytes));
      const id = await saveImage(db, image, deps.now());
      await recordChange(deps, c, "upload.create", { type: "image", id, title: name || null });
      return c.json({ imageUrl: imagePath(id) }, 201);
    },
  );

  // News, step 1: a presigned URL the browser PUTs the file to (see routes/objects.ts).
  app.post("/objects/upload", admin, async (c) => {
    const now = deps.now();
    const uploadId = randomId();
    const expires = Math.floor(now.getTime() / 1000) + UPLOAD_URL_LIFETIME_SECONDS;
    await deleteStaleUploads(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
    const session = { userId: c.get("userId"), tokenHash: c.get("tokenHash") };
    await createUpload(db, uploadId, session, now, new Date(expires * 1000));
    const signature = signExpiring(deps.signingSecret, uploadId, expires);
    const uploadURL = `${publicOrigin(c, deps.trustProxy)}/objects/uploads/${uploadId}?expires=${expires}&signature=${signature}`;
    return c.json({ uploadURL });
  });

  // News, step 3: turn the finished upload into the image path stored on the news item.
  app.put("/news-images", admin, jsonLimit, async (c) => {
    const { imageURL } = validate(newsImageSchema, await readJson(c));
    let pathname: string;
    try {
      pathname = new URL(imageURL, "http://upload.invalid").pathname;
    } catch {
      throw new ApiError(400, `imageURL: ${COMPLETED_UPLOAD_PROBLEM}`, { field: "imageURL" });
    }
    const match = UPLOAD_PATH.exec(pathname);
    const upload = match ? await findUpload(db, match[1], deps.now()) : null;
    if (!upload?.imageId) throw new ApiError(400, `imageURL: ${COMPLETED_UPLOAD_PROBLEM}`, { field: "imageURL" });
    return c.json({ objectPath: imagePath(upload.imageId) });
  });

  return app;
}
