import { PHOTO_JPEG_QUALITY, PHOTO_MAX_SIDE, shrunkSize } from "./photo-size";

/**
 * A photo straight from a phone, made small enough to send before a byte goes
 * (docs/product.md, 'Photos'): at most PHOTO_MAX_SIDE on its longest side, as a JPEG, upright
 * by its EXIF orientation (createImageBitmap's 'from-image'; the canvas keeps no metadata,
 * and the /api strips whatever is left in any file it stores). Loaded by the admin's image
 * fields only once a file is chosen, so no public page carries it.
 */

let queue: Promise<unknown> = Promise.resolve();

/**
 * The file to send: shrunk, or the file itself when it already fits (at most PHOTO_MAX_SIDE
 * and `maxBytes`), is a GIF (its frames would be lost) or is nothing this browser can decode
 * (the product's own checks then judge it). One photo is decoded at a time: a phone holds
 * one 12-megapixel bitmap, not a batch of them.
 */
export function shrinkPhoto(file: File, maxBytes: number): Promise<File> {
  const run = queue.then(() => shrinkNow(file, maxBytes));
  queue = run.catch(() => undefined);
  return run;
}

async function shrinkNow(file: File, maxBytes: number): Promise<File> {
  if (file.type.toLowerCase() === "image/gif") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    if (Math.max(bitmap.width, bitmap.height) <= PHOTO_MAX_SIDE && file.size <= maxBytes) return file;
    const { width, height } = shrunkSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    // A PNG's transparent parts become white, as a JPEG has no transparency.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_JPEG_QUALITY));
    // The name stays the one the volunteer knows it by; the type says what it now is.
    return jpeg ? new File([jpeg], file.name, { type: "image/jpeg" }) : file;
  } finally {
    bitmap.close();
  }
}
