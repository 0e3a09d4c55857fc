import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { loadSharp } from "../../../common/sharp";
import { UPLOAD_LIMITS } from "../../../common/upload-limits";
import type { FormFile } from "../form-body.server";
import { BATCH_PHOTO_MAX_BYTES, PHOTO_JPEG_QUALITY, PHOTO_MAX_SIDE } from "./photo-size";
import type { ImageFile } from "./upload.server";

/**
 * A photo of Add Images posted without JavaScript (docs/product.md, 'Photos'), made small
 * enough for the /api's upload before it is sent there: a phone's 4–20 MB photo becomes a
 * JPEG at most PHOTO_MAX_SIDE on its longest side, upright by its EXIF orientation (the
 * /api then strips every tag as it does for any upload). The file goes to a temporary file
 * as it arrives, never whole into memory, and libvips reads it from there; one photo is
 * shrunk at a time in this process, so a batch holds one decoded photo at most.
 */

/** Declared types worth decoding here: a GIF keeps its frames and goes as it is, like anything else. */
const SHRINKABLE_TYPES = new Set(["image/jpeg", "image/jpg", "image/pjpeg", "image/png"]);

/** The decompression-bomb guard the /api applies too: far beyond any phone's photo. */
const MAX_INPUT_PIXELS = 100_000_000;

/** Over BATCH_PHOTO_MAX_BYTES: it was read and dropped, never decoded. */
export const PHOTO_OVER_LIMIT = "over-limit";

let queue: Promise<unknown> = Promise.resolve();
/** One shrink at a time in this process, in the order asked. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Hands `send` the photo as the /api should get it: shrunk when it is a JPEG or PNG larger
 * than the limits, as it came otherwise (the /api judges that, in the product's words).
 * Resolves PHOTO_OVER_LIMIT, without calling `send`, for a file over BATCH_PHOTO_MAX_BYTES.
 */
export async function withShrunkPhoto<T>(
  file: FormFile,
  send: (photo: ImageFile) => Promise<T>,
): Promise<T | typeof PHOTO_OVER_LIMIT> {
  if (!SHRINKABLE_TYPES.has(file.type.toLowerCase())) return send(file);
  const folder = await mkdtemp(join(tmpdir(), "club-photo-"));
  try {
    const path = join(folder, "photo");
    const size = await saveUpTo(file.body, path, BATCH_PHOTO_MAX_BYTES);
    if (size === null) return PHOTO_OVER_LIMIT;
    const shrunk = await oneAtATime(() => shrink(path, size));
    // As it came: read from the disk as it is sent, never held whole.
    if (!shrunk) return await send({ name: file.name, type: file.type, body: await openAsBlob(path) });
    return await send({ name: file.name, type: "image/jpeg", body: shrunk });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The photo's JPEG, shrunk and upright; null when it may go as it is (small enough on both
 * counts) or is no image libvips can read (the /api then says so).
 */
async function shrink(path: string, size: number): Promise<Blob | null> {
  const sharp = await loadSharp();
  try {
    const { width = 0, height = 0 } = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The /api turns a photo that fits upright itself, as it does every upload.
    if (Math.max(width, height) <= PHOTO_MAX_SIDE && size <= UPLOAD_LIMITS.image.maxBytes) return null;
    const bytes = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      // rotate() without arguments turns it upright by its EXIF orientation; the output keeps no metadata.
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: Math.round(PHOTO_JPEG_QUALITY * 100) })
      .toBuffer();
    return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
  } catch {
    return null;
  }
}

/** Writes the stream to `path` as it comes: its size, or null once it passes `maxBytes` (the rest left unread). */
async function saveUpTo(body: ReadableStream<Uint8Array>, path: string, maxBytes: number): Promise<number | null> {
  let size = 0;
  let over = false;
  const reader = body.getReader();
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > maxBytes) {
        over = true;
        await reader.cancel();
        return controller.close();
      }
      controller.enqueue(value);
    },
  });
  await pipeline(Readable.fromWeb(counted as NodeReadableStream<Uint8Array>), createWriteStream(path));
  return over ? null : size;
}
