import { json, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { oneLine } from "../../../common/log-line";
import { readFormBody } from "../form-body.server";
import { UpstreamError, type UpstreamSender } from "../upstream.server";
import { refusalOfStatus, type RefusedFile } from "./batch";
import { uploadProblem } from "./rules";
import { UploadFailure, uploadAdminImage } from "./upload.server";

/**
 * Adding one photo of a batch (docs/product.md, 'Photos'): the SPEC's own calls, one after the
 * other: POST /api/admin/upload stores the file, POST /api/admin/gallery makes it a
 * gallery image in the chosen album, with the batch's consent confirmation.
 */

export interface BatchOptions {
  albumId: number | null;
  consent: boolean;
}

/** The batch form's fields: `albumId` ('' for none) and the `consent` checkbox. */
export function batchOptionsOf(fields: Readonly<Record<string, string | undefined>>): BatchOptions {
  const album = fields.albumId ?? "";
  return {
    albumId: /^[1-9]\d{0,15}$/.test(album) ? Number(album) : null,
    consent: fields.consent === "on" || fields.consent === "1",
  };
}

/** POST /api/admin/gallery for a stored image: the new gallery image's id. */
export async function createBatchImage(
  admin: UpstreamSender,
  imageUrl: string,
  options: BatchOptions,
): Promise<number> {
  const body = {
    imageUrl,
    ...(options.albumId !== null && { albumId: options.albumId }),
    // Left out, not false: an image added without the confirmation is 'consent not recorded'.
    ...(options.consent && { consent: true }),
  };
  const response = await admin.send("/api/admin/gallery", { method: "POST", json: body });
  return z.object({ id: z.coerce.number().int().positive() }).parse(await response.json()).id;
}

/** Checks, stores and adds one file: its gallery id, or why it was refused. */
export async function addBatchFile(
  context: AppLoadContext,
  admin: UpstreamSender,
  file: File,
  options: BatchOptions,
): Promise<{ id: number } | { refused: RefusedFile }> {
  const problem = uploadProblem("image", file);
  if (problem) return { refused: { name: file.name, why: refusalOfStatus(problem.status) } };
  try {
    const imageUrl = await uploadAdminImage(context, admin, file);
    return { id: await createBatchImage(admin, imageUrl, options) };
  } catch (error) {
    // A Response is the admin client signing the visitor out: it ends the batch.
    if (error instanceof Response) throw error;
    const status = error instanceof UploadFailure ? error.upstreamStatus : undefined;
    console.error(oneLine(`Failed to add ${file.name} to the gallery: ${errorText(error)}`));
    return {
      refused: {
        name: file.name,
        why: refusalOfStatus(status ?? (error instanceof UpstreamError ? error.status : 500)),
      },
    };
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The page's uploader, once a file of the batch is stored (docs/product.md, 'Photos'): makes
 * it a gallery image and answers `{ id }`, or `{ message }` with the /api's status.
 */
export async function answerBatchCreate(request: Request, admin: UpstreamSender): Promise<Response> {
  const { fields } = await readFormBody(request);
  if (!fields.imageUrl) return json({ message: "imageUrl: is required" }, { status: 400 });
  try {
    return json({ id: await createBatchImage(admin, fields.imageUrl, batchOptionsOf(fields)) });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof UpstreamError)) throw error;
    return json({ message: error.detail }, { status: error.status >= 400 ? error.status : 502 });
  }
}
