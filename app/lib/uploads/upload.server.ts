import { json, type AppLoadContext } from "@remix-run/node";
import { objectPathResponseSchema, uploadResponseSchema, uploadUrlResponseSchema } from "../models.server";
import type { Notice } from "../notifications";
import { upstreamFetch, UpstreamError, type UpstreamSender } from "../upstream.server";
import { readFormBody } from "../form-body.server";
import { tooLargeNotice, uploadFailedNotice, uploadProblem, UPLOAD_RULES, type UploadFlow } from "./rules";
import { oneLine } from "../../../common/log-line";

/**
 * Every upstream call that stores an image lives here (docs/product.md, 'The calls it makes'): the one-request
 * flow for events and gallery, the three-step flow for news. The resource routes
 * (uploads with JavaScript) and the admin actions (forms posted without it) share them.
 */

/** A failed upload, with the step that failed for the server log ('The error catalogue' in docs/product.md internal messages). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly cause: unknown,
  ) {
    super(message);
    this.name = "UploadFailure";
  }

  get upstreamStatus(): number | undefined {
    return this.cause instanceof UpstreamError ? this.cause.status : undefined;
  }

  /** The upstream's own words, e.g. 'Please upload an image file (jpg, jpeg, png, gif)'. */
  get upstreamDetail(): string | undefined {
    return this.cause instanceof UpstreamError ? this.cause.serverMessage : undefined;
  }
}

async function step<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // A Response is the admin client signing the visitor out: it goes through as it is.
    if (error instanceof Response) throw error;
    throw new UploadFailure(`${message}: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/** Events and gallery: POST /api/admin/upload with the file in the field `image`. */
export async function uploadAdminImage(_context: AppLoadContext, admin: UpstreamSender, file: File): Promise<string> {
  return step("Failed to upload image", async () => {
    const form = new FormData();
    form.append("image", file, file.name || "image");
    const response = await admin.send("/api/admin/upload", { method: "POST", body: form });
    return uploadResponseSchema.parse(await response.json()).imageUrl;
  });
}

/** News: get a presigned URL, PUT the raw file to it, then turn it into an image path. */
export async function uploadNewsImage(context: AppLoadContext, admin: UpstreamSender, file: File): Promise<string> {
  const uploadURL = await step("Failed to get upload URL", async () => {
    const response = await admin.send("/api/objects/upload", { method: "POST" });
    return uploadUrlResponseSchema.parse(await response.json()).uploadURL;
  });
  await step("Failed to upload file", () =>
    // The presigned URL is its own authority: no bearer token goes with it.
    upstreamFetch(context, uploadURL, {
      method: "PUT",
      body: file,
      contentType: file.type || "application/octet-stream",
    }),
  );
  return step("Failed to set image permissions", async () => {
    const response = await admin.send("/api/news-images", { method: "PUT", json: { imageURL: uploadURL } });
    return objectPathResponseSchema.parse(await response.json()).objectPath;
  });
}

const UPLOADERS: Record<UploadFlow, typeof uploadAdminImage> = {
  image: uploadAdminImage,
  news: uploadNewsImage,
};

/** Stores a checked file by its flow: its image path, or the failure (logged on one line). */
async function storeImage(
  context: AppLoadContext,
  admin: UpstreamSender,
  flow: UploadFlow,
  file: File,
): Promise<{ url: string } | { failure: UploadFailure }> {
  try {
    return { url: await UPLOADERS[flow](context, admin, file) };
  } catch (error) {
    if (!(error instanceof UploadFailure)) throw error;
    console.error(oneLine(error.message));
    return { failure: error };
  }
}

export interface AdminForm {
  fields: Record<string, string>;
  /** The attached file, once it passed the checks; storeFormFile stores it after the text is checked. */
  file?: File;
  /** Why the attached file cannot be stored: the docs/product.md, 'The error catalogue' notification ('File too large', 'Invalid file'). */
  fileRefused?: Notice;
}

/**
 * Reads an admin form that may carry an image file (forms posted without JavaScript):
 * its text fields, and the file when it passes the size and type checks. Nothing is
 * stored yet, so a form whose text is refused leaves no image behind.
 */
export async function readAdminForm(
  request: Request,
  { file: fileField, flow }: { file: string; flow: UploadFlow },
): Promise<AdminForm> {
  const { fields, file, fileTooLarge } = await readFormBody(request, {
    field: fileField,
    maxBytes: UPLOAD_RULES[flow].maxBytes,
  });
  if (fileTooLarge) return { fields, fileRefused: tooLargeNotice(flow) };
  // An empty file input still sends a nameless, empty part.
  if (!file || (file.size === 0 && !file.name)) return { fields };
  const problem = uploadProblem(flow, file);
  return problem ? { fields, fileRefused: problem.notice } : { fields, file };
}

/** Stores a form's checked file: its image path, or the notice saying why not. */
export async function storeFormFile(
  context: AppLoadContext,
  admin: UpstreamSender,
  flow: UploadFlow,
  file: File,
): Promise<{ url: string } | { notice: Notice }> {
  const stored = await storeImage(context, admin, flow, file);
  return "url" in stored ? stored : { notice: uploadFailedNotice(flow, stored.failure.upstreamDetail) };
}

/**
 * The resource routes' answer to a file posted by the browser (field `file`):
 * `{ imageUrl }`, or `{ message }` with the status that explains it.
 */
export async function answerUpload(
  request: Request,
  context: AppLoadContext,
  admin: UpstreamSender,
  flow: UploadFlow,
): Promise<Response> {
  const { file, fileTooLarge } = await readFormBody(request, { field: "file", maxBytes: UPLOAD_RULES[flow].maxBytes });
  if (fileTooLarge) return json({ message: UPLOAD_RULES[flow].tooLarge }, { status: 413 });
  if (!file || file.size === 0) return json({ message: "file: is required" }, { status: 400 });
  const problem = uploadProblem(flow, file);
  if (problem) return json({ message: problem.notice.description }, { status: problem.status });
  const stored = await storeImage(context, admin, flow, file);
  if ("url" in stored) return json({ imageUrl: stored.url });
  const { upstreamStatus: status = 502, upstreamDetail } = stored.failure;
  // Only the server's own words go to the page; without them it says the sentence docs/product.md, 'The error catalogue' gives.
  return json(upstreamDetail ? { message: upstreamDetail } : {}, { status: status >= 400 ? status : 502 });
}
