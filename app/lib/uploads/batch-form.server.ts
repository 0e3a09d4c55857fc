import type { AppLoadContext } from "@remix-run/node";
import { oneLine } from "../../../common/log-line";
import { readFormFiles, type FormFile } from "../form-body.server";
import { MAX_BATCH_FORM_BYTES } from "../request-limits";
import { UpstreamError, type UpstreamSender } from "../upstream/client.server";
import { BATCH_FILE_FIELD, MAX_BATCH_FILES, refusalOfStatus, type RefusedFile } from "./batch";
import { batchOptionsOf, createGalleryImage, type BatchOptions } from "./gallery-image.server";
import { PHOTO_OVER_LIMIT, withShrunkPhoto } from "./shrink-photo.server";
import { UploadFailure, uploadAdminImage } from "./upload.server";

/**
 * The batch form posted without JavaScript (docs/product.md, 'Photos'): every file in
 * turn is shrunk as a phone's photo (up to 20 MB, shrink-photo.server.ts), sent on to the
 * /api (POST /api/admin/upload) and made a gallery image (POST /api/admin/gallery) before
 * the next is read: two /api calls a photo, and one photo in memory at a time. The /api decides whether a
 * file is an image and small enough; a refused one is named and the rest go on. The
 * ids come back in the order the files were picked, which is the album's order.
 */
export async function addPostedBatch(
  request: Request,
  context: AppLoadContext,
  admin: UpstreamSender,
): Promise<{ ids: number[]; names: string[]; refused: RefusedFile[] }> {
  const ids: number[] = [];
  const names: string[] = [];
  const refused: RefusedFile[] = [];
  // The captions screen names at most a batch's worth of refused files.
  const refuse = (file: RefusedFile) => {
    if (refused.length < MAX_BATCH_FILES) refused.push(file);
  };
  let seen = 0;
  await readFormFiles(request, {
    maxBytes: MAX_BATCH_FORM_BYTES,
    async onFile(file, fields) {
      if (file.field !== BATCH_FILE_FIELD) return;
      seen += 1;
      if (seen > MAX_BATCH_FILES) return refuse({ name: file.name, why: "too-many" });
      const added = await addBatchFile(context, admin, file, batchOptionsOf(fields));
      if ("id" in added) {
        ids.push(added.id);
        names.push(file.name);
      } else refuse(added.refused);
    },
  });
  return { ids, names, refused };
}

/** Stores one file and adds it: its gallery id, or why it was refused. */
async function addBatchFile(
  context: AppLoadContext,
  admin: UpstreamSender,
  file: FormFile,
  options: BatchOptions,
): Promise<{ id: number } | { refused: RefusedFile }> {
  try {
    const imageUrl = await withShrunkPhoto(file, (photo) => uploadAdminImage(context, admin, photo));
    if (imageUrl === PHOTO_OVER_LIMIT) return { refused: { name: file.name, why: "over-photo-limit" } };
    return { id: await createGalleryImage(admin, imageUrl, options) };
  } catch (error) {
    // A Response is the admin client signing the visitor out: it ends the batch.
    if (error instanceof Response) throw error;
    const status =
      error instanceof UploadFailure ? error.upstreamStatus : error instanceof UpstreamError ? error.status : undefined;
    const why = refusalOfStatus(status ?? 500);
    // A file the /api refused as no image or too large is the sender's; anything else is logged.
    if (why === "failed") console.error(oneLine(`Failed to add ${file.name} to the gallery: ${errorText(error)}`));
    return { refused: { name: file.name, why } };
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
