import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import { isAcceptedContentType, NOT_AN_IMAGE_MESSAGE } from "../../../common/image-types";
import { VARIANT_WIDTHS } from "../../../common/image-variants";
import { ApiError } from "./errors";
import { OneAtATime } from "./one-at-a-time";
import { loadSharp } from "./sharp";

// The routes check the declared type with the very rule the admin screens apply (common/image-types.ts).
export { isAcceptedContentType, NOT_AN_IMAGE_MESSAGE };

/** Decompression-bomb guard: 100 megapixels is far beyond any phone photo. */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * A GIF, a progressive JPEG or an interlaced PNG cannot be decoded a strip at a time:
 * libvips holds the whole image (a 100 MP GIF took 500 MB to read and about 1.4 GB to
 * store, a 32 MP progressive JPEG 160 MB). A GIF upload of more pixels than this (all its
 * frames together) is refused, and so is blurring any such image (face-blur.ts). Uploads
 * store a JPEG of over 16 MP in one pass, so only one stored before that can be refused.
 */
export const WHOLE_DECODE_MAX_PIXELS = 32_000_000;

/** The words for a GIF over WHOLE_DECODE_MAX_PIXELS: its size, and what to do instead. */
export const gifTooLarge = (width: number, height: number, frames: number) =>
  `This GIF is too large to store (${width} × ${height} pixels${frames > 1 ? `, ${frames} frames` : ""}): a GIF is read whole, which is done up to ${WHOLE_DECODE_MAX_PIXELS / 1_000_000} megapixels in all. Please upload it as a JPEG or PNG, or a smaller GIF.`;

/**
 * A JPEG original of more pixels is encoded in one pass, baseline, with the standard
 * coding tables. mozjpeg's progressive scans and optimised coding hold the whole image's
 * coefficients (3 bytes a pixel: a 100 MP upload peaked at 936 MB and took 19 s, and a
 * progressive original must be decoded whole again to blur it); in one pass libvips
 * keeps a strip at a time, and the file is about a third larger.
 */
export const PROGRESSIVE_JPEG_MAX_PIXELS = 16_000_000;

export type SourceFormat = "jpeg" | "png" | "gif";

export interface EncodedImage {
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
}

export interface ProcessedImage {
  original: EncodedImage;
  variants: EncodedImage[];
}

export function contentHash(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function notAnImage(): ApiError {
  return new ApiError(415, NOT_AN_IMAGE_MESSAGE);
}

function encoded(bytes: Buffer, contentType: string, width: number, height: number): EncodedImage {
  return { contentType, width, height, bytes, etag: contentHash(bytes) };
}

/** Every upload and the demo seed share it: one image is decoded at a time (see one-at-a-time.ts). */
const imageWork = new OneAtATime();

/**
 * Decodes an upload, and re-encodes it without any metadata (EXIF, GPS, XMP, ICC comments):
 * the original in its own format (jpeg, png, animated gif), upright by its EXIF orientation,
 * plus WebP variants at the standard widths (never upscaled). Throws 415 for anything that
 * is not a JPEG, PNG or GIF that decodes completely — SVG included.
 */
export function processImage(input: Buffer): Promise<ProcessedImage> {
  return imageWork.run(() => processNow(input));
}

/**
 * Any other image work waits its turn with the uploads. Work longer than an upload's
 * (blurring faces, face-blur.ts) takes several turns, so an upload waits for one of them.
 */
export function inImageWork<T>(task: () => Promise<T>): Promise<T> {
  return imageWork.run(task);
}

async function processNow(input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let format: SourceFormat;
  let pages = 1;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== "jpeg" && meta.format !== "png" && meta.format !== "gif") throw notAnImage();
    format = meta.format;
    pages = meta.pages ?? 1;
    const { width = 0, height = 0 } = meta;
    if (format === "gif" && width * height * pages > WHOLE_DECODE_MAX_PIXELS) {
      throw new ApiError(413, gifTooLarge(width, height, pages));
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw notAnImage();
  }

  const animated = format === "gif" && pages > 1;
  const source = (): Sharp => sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });

  try {
    // rotate() without arguments applies the EXIF orientation; sharp drops metadata by default.
    return await encodeImage(animated ? source() : source().rotate(), format, animated);
  } catch {
    throw notAnImage();
  }
}

/**
 * A time limit for one libvips pipeline, in whole seconds (sharp's `timeout`); past it
 * the pipeline fails. Without one, a pipeline runs as long as it takes.
 */
export interface WorkLimit {
  seconds?: number;
}

export const withLimit = (pipeline: Sharp, { seconds }: WorkLimit): Sharp =>
  seconds === undefined ? pipeline : pipeline.timeout({ seconds });

/**
 * Encodes pixels as a stored image: the original in `format` without metadata, and WebP
 * variants at the standard widths (never upscaled) made from that very original. Uploads
 * end here; the blurring of faces (face-blur.ts) takes its two halves in turns of their
 * own. Call it, and each half, inside `inImageWork`.
 */
export async function encodeImage(pixels: Sharp, format: SourceFormat, animated: boolean): Promise<ProcessedImage> {
  const original = await encodeOriginal(pixels, format, animated);
  return { original, variants: await encodeVariants(original, animated) };
}

const PROGRESSIVE_JPEG = { quality: 88, mozjpeg: true } as const;
const ONE_PASS_JPEG = { quality: 88, optimiseCoding: false } as const;

/** How many pixels a pipeline starts from (its input's header; rotating keeps the count). */
async function pixelCount(pixels: Sharp): Promise<number> {
  const { width = 0, height = 0 } = await pixels.metadata();
  return width * height;
}

/** The first half of `encodeImage`: the original in `format`, without metadata. */
export async function encodeOriginal(
  pixels: Sharp,
  format: SourceFormat,
  animated: boolean,
  limit: WorkLimit = {},
): Promise<EncodedImage> {
  const originalPipeline =
    format === "jpeg"
      ? pixels.jpeg((await pixelCount(pixels)) > PROGRESSIVE_JPEG_MAX_PIXELS ? ONE_PASS_JPEG : PROGRESSIVE_JPEG)
      : format === "png"
        ? pixels.png({ compressionLevel: 9 })
        : pixels.gif();
  const { data, info } = await withLimit(originalPipeline, limit).toBuffer({ resolveWithObject: true });
  const width = info.width;
  const height = animated ? (info.pageHeight ?? info.height) : info.height;
  const contentType = format === "jpeg" ? "image/jpeg" : format === "png" ? "image/png" : "image/gif";
  return encoded(data, contentType, width, height);
}

/** The second half of `encodeImage`: the WebP variants, made from the encoded original. */
export async function encodeVariants(
  original: EncodedImage,
  animated: boolean,
  limit: WorkLimit = {},
): Promise<EncodedImage[]> {
  const sharp = await loadSharp();
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= original.width);
  if (widths.length === 0) widths.push(original.width);
  const variants: EncodedImage[] = [];
  for (const w of widths) {
    // Variants are made from the clean re-encoded original, never from the upload itself.
    const variant = await withLimit(
      sharp(original.bytes, { animated }).resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }),
      limit,
    ).toBuffer({ resolveWithObject: true });
    const vHeight = animated ? (variant.info.pageHeight ?? variant.info.height) : variant.info.height;
    variants.push(encoded(variant.data, "image/webp", variant.info.width, vHeight));
  }
  return variants;
}
