import { json } from "@remix-run/node";
import { z } from "zod";
import { readFormBody } from "../form-body.server";
import { UpstreamError, type UpstreamSender } from "../upstream/client.server";

/**
 * A stored image made a gallery image of a batch (docs/product.md, 'Photos'): POST
 * /api/admin/gallery with the batch's album and consent confirmation. The form posted
 * without JavaScript does it for each file in turn (batch-form.server.ts); with
 * JavaScript the page asks for it through /admin/uploads/gallery-image.
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
export async function createGalleryImage(
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

/**
 * The page's uploader, once a file of the batch is stored: makes it a gallery image and
 * answers `{ id }`, or `{ message }` with the /api's status.
 */
export async function answerGalleryImage(request: Request, admin: UpstreamSender): Promise<Response> {
  const { fields } = await readFormBody(request);
  if (!fields.imageUrl) return json({ message: "imageUrl: is required" }, { status: 400 });
  try {
    return json({ id: await createGalleryImage(admin, fields.imageUrl, batchOptionsOf(fields)) });
  } catch (error) {
    // A Response (signed out) and anything unexpected go on; the /api's refusal is answered.
    if (!(error instanceof UpstreamError)) throw error;
    return json({ message: error.detail }, { status: error.status >= 400 ? error.status : 502 });
  }
}
