import { json, type AppLoadContext } from "@remix-run/node";
import { objectPathResponseSchema, uploadResponseSchema, uploadUrlResponseSchema } from "../upstream/answers.server";
import type { Notice } from "../notifications";
import { upstreamFetch, UpstreamError, type UpstreamSender } from "../upstream/client.server";
import { readFormBody, readFormFiles, type FormFile } from "../form-body.server";
import { MAX_UPLOAD_FORM_BYTES } from "../request-limits";
import { refusalOfStatus } from "./batch";
import { invalidFileNotice, tooLargeNotice, uploadFailedNotice, UPLOAD_RULES, type UploadFlow } from "./rules";
import { oneLine } from "../../../common/log-line";

/**
 * Every upstream call that stores an image lives here (docs/product.md, 'The calls it
 * makes'): the one-request flow for events and gallery, the three-step flow for news.
 * The file's bytes go to the /api as they came from the browser, as the body of the
 * request: a file arriving is sent on as it arrives, one held whole is sent whole. The
 * /api decides whether it is an image and not too large; its refusals become the
 * product's words here. The resource routes (uploads with JavaScript), the admin
 * actions (forms posted without it) and the batch of photos share them.
 */

/** A file to store: its name and declared type, and its bytes, held whole or arriving. */
export type ImageFile = Pick<FormFile, "name" | "type"> & { body: Blob | ReadableStream<Uint8Array> };

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

  /** The /api refused the file for what it is or how large: the sender's doing, nothing to log. */
  get refusesTheFile(): boolean {
    return refusalOfStatus(this.upstreamStatus ?? 500) !== "failed";
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

/** The Content-Type the bytes go with: the declared one; none declared is no image type. */
function contentTypeOf(file: ImageFile): string {
  return file.type || "application/octet-stream";
}

/**
 * Events and gallery: POST /api/admin/upload with the file as the body, its type as the
 * Content-Type and its name in `?name=` (the /api takes the SPEC's multipart form too).
 */
export async function uploadAdminImage(_context: AppLoadContext, admin: UpstreamSender, file: ImageFile) {
  return step("Failed to upload image", async () => {
    const response = await admin.send(`/api/admin/upload?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      body: file.body,
      contentType: contentTypeOf(file),
    });
    return uploadResponseSchema.parse(await response.json()).imageUrl;
  });
}

/** News: get a presigned URL, PUT the raw file to it, then turn it into an image path. */
export async function uploadNewsImage(context: AppLoadContext, admin: UpstreamSender, file: ImageFile) {
  const uploadURL = await step("Failed to get upload URL", async () => {
    const response = await admin.send("/api/objects/upload", { method: "POST" });
    return uploadUrlResponseSchema.parse(await response.json()).uploadURL;
  });
  await step("Failed to upload file", () =>
    // The presigned URL is its own authority: no bearer token goes with it.
    upstreamFetch(context, uploadURL, { method: "PUT", body: file.body, contentType: contentTypeOf(file) }),
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

/** Stores a file by its flow: its image path, or the failure (logged on one line unless the file was refused). */
async function storeImage(
  context: AppLoadContext,
  admin: UpstreamSender,
  flow: UploadFlow,
  file: ImageFile,
): Promise<{ url: string } | { failure: UploadFailure }> {
  try {
    return { url: await UPLOADERS[flow](context, admin, file) };
  } catch (error) {
    if (!(error instanceof UploadFailure)) throw error;
    if (!error.refusesTheFile) console.error(oneLine(error.message));
    return { failure: error };
  }
}

/**
 * The /api's refusal in the product's words (docs/product.md, 'Validation rules', 'The
 * error catalogue'): too large is 'File too large'; a type the events and gallery flow
 * does not take is 'Invalid file' (our /api names the field `image` when the declared
 * type is the problem); anything else is 'Upload failed'.
 */
function refusalNotice(flow: UploadFlow, failure: UploadFailure): Notice {
  if (failure.upstreamStatus === 413) return tooLargeNotice(flow);
  const cause = failure.cause;
  if (flow === "image" && cause instanceof UpstreamError && cause.status === 415 && cause.field === "image") {
    return invalidFileNotice();
  }
  return uploadFailedNotice(flow, failure.upstreamDetail);
}

export interface AdminForm {
  fields: Record<string, string>;
  /** The attached file; storeFormFile stores it after the text is checked. */
  file?: File;
  /** Why the attached file cannot be stored: longer than the flow takes, so not kept ('File too large'). */
  fileRefused?: Notice;
}

/**
 * Reads an admin form that may carry an image file (forms posted without JavaScript):
 * its text fields, and the file held whole until the text is checked, so a form whose
 * text is refused leaves no image behind. Only a file longer than the flow's limit is
 * refused here: it is not held, so it could not be sent.
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
  return file ? { fields, file } : { fields };
}

/** Stores a form's file: its image path, or the notice saying why not. */
export async function storeFormFile(
  context: AppLoadContext,
  admin: UpstreamSender,
  flow: UploadFlow,
  file: File,
): Promise<{ url: string } | { notice: Notice }> {
  const stored = await storeImage(context, admin, flow, { name: file.name, type: file.type, body: file });
  return "url" in stored ? stored : { notice: refusalNotice(flow, stored.failure) };
}

/**
 * The resource routes' answer to a file posted by the browser (field `file`), sent on
 * to the /api as it arrives: `{ imageUrl }`, or `{ message }` with the status that
 * explains it (the /api's own: 413, 415).
 */
export async function answerUpload(
  request: Request,
  context: AppLoadContext,
  admin: UpstreamSender,
  flow: UploadFlow,
): Promise<Response> {
  let answer: Response | null = null;
  await readFormFiles(request, {
    maxBytes: MAX_UPLOAD_FORM_BYTES,
    async onFile(file) {
      if (file.field !== "file" || answer) return;
      const stored = await storeImage(context, admin, flow, file);
      if ("url" in stored) {
        answer = json({ imageUrl: stored.url });
        return;
      }
      const { upstreamStatus: status = 502, upstreamDetail } = stored.failure;
      // Only the server's own words go to the page; without them it says the sentence docs/product.md, 'The error catalogue' gives.
      answer = json(upstreamDetail ? { message: upstreamDetail } : {}, { status: status >= 400 ? status : 502 });
    },
  });
  return answer ?? json({ message: "file: is required" }, { status: 400 });
}
