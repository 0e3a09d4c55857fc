import { MB } from "../../../common/upload-limits";

/**
 * How a photo straight from a phone is made small enough to send (docs/product.md,
 * 'Photos'): the browser shrinks it before sending, and without JavaScript the server
 * shrinks what Add Images is sent, to the same size and quality. The product's own upload
 * limits (common/upload-limits.ts) then judge the result, in their own words.
 */

/** The longest side a shrunk photo keeps, in pixels: crisp on a large screen, and about 1–3 MB as JPEG. */
export const PHOTO_MAX_SIDE = 2560;

/** JPEG quality of a shrunk photo, 0–1 (the browser's scale; sharp takes it ×100). */
export const PHOTO_JPEG_QUALITY = 0.85;

/**
 * The most one photo of Add Images posted without JavaScript may be before the server
 * shrinks it: a phone's largest photos with room to spare. Only that form takes it; every
 * other upload keeps the product's own limit.
 */
export const BATCH_PHOTO_MAX_BYTES = 20 * MB;

/** The words for a photo over BATCH_PHOTO_MAX_BYTES. */
export const BATCH_PHOTO_TOO_LARGE = "Each photo must be less than 20MB";

/** The size a photo of `width` × `height` is shrunk to: the longest side at most PHOTO_MAX_SIDE, never enlarged. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
