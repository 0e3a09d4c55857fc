import type { Sharp } from "sharp";
import type { BlurRegion } from "../../../common/blur-regions";
import { ApiError } from "./errors";
import {
  type EncodedImage,
  encodeOriginal,
  encodeVariants,
  inImageWork,
  MAX_INPUT_PIXELS,
  type ProcessedImage,
  type SourceFormat,
  withLimit,
  type WorkLimit,
  WHOLE_DECODE_MAX_PIXELS,
} from "./images";
import { OneAtATime } from "./one-at-a-time";
import { loadSharp, type SharpFactory } from "./sharp";

/**
 * How many blocks of colour the shorter side of a region keeps: a face becomes a few
 * smooth patches, with nothing left of eyes, nose or mouth to recognise.
 */
const BLOCKS_ACROSS = 6;

/**
 * The most pixels a blur works on, and so the most a blurred image keeps: a larger one
 * is decoded straight to this size (shrink-on-load for a JPEG, row by row for a PNG),
 * so its full-size pixels are never held, and stored at it. 16 megapixels keep a phone
 * photo whole (12 MP; 4608 × 3456 is 15.9), and hold 64 MB of pixels at most.
 */
export const BLUR_MAX_PIXELS = 16_000_000;

export const tooLargeToBlur = (width: number, height: number, most: number) =>
  `This image is too large to blur faces in (${width} × ${height} pixels): a GIF or a progressive JPEG is read whole, which is done up to ${most / 1_000_000} megapixels. Please upload a smaller copy and blur faces in that instead.`;

export const ANIMATED_GIF_REFUSED =
  "Faces can be blurred in photos (JPEG, PNG or a still GIF), not in animated GIFs. Please upload a still image instead.";

export const BLUR_TOO_SLOW =
  "Blurring the faces took too long and was stopped, so the image is unchanged. Please try again in a minute, or with fewer or smaller areas.";

/**
 * What bounds a blur; tests lower them, and may watch each turn start.
 * - `maxPixels`: BLUR_MAX_PIXELS; `wholeMaxPixels`: WHOLE_DECODE_MAX_PIXELS.
 * - `workMs`: how long one blur may work, counting its own turns of the image work only
 *   (not its waits for the uploads between them); past it, it stops with 503
 *   BLUR_TOO_SLOW. The worst blur accepted took 5 s on a 2-core machine busy with other
 *   work (docs/performance.md, 'Memory'), so only a stuck one comes near it.
 */
export const blurSettings: {
  maxPixels: number;
  wholeMaxPixels: number;
  workMs: number;
  onTurn?: (turn: BlurTurn) => void;
} = { maxPixels: BLUR_MAX_PIXELS, wholeMaxPixels: WHOLE_DECODE_MAX_PIXELS, workMs: 60_000 };

/** The turns of one blur, in order (see blurFaces). */
export type BlurTurn = "decode" | "regions" | "original" | "variants";

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const rawOf = (pixels: Pixels) => ({ width: pixels.width, height: pixels.height, channels: pixels.channels });

/** Blurs run one after another, so at most one holds its pixels between its turns. */
const blurs = new OneAtATime();

/**
 * Blurs the regions of a stored original (docs/product.md, "Blurring faces") and encodes
 * the result as a new stored image: the original in its own format, without metadata,
 * and every WebP variant made from the blurred original. Each region is shrunk to a
 * handful of blocks and smoothly enlarged again, then written over the pixels it
 * replaces (alpha too, so nothing of the face shows through a transparent PNG), in the
 * order given: a later region blurs what the earlier ones left. Animated GIFs are refused.
 *
 * The work is bounded: at most BLUR_MAX_PIXELS (a larger image is blurred and stored
 * smaller), regions covering at most the image once over (the route checks), and
 * `blurSettings.workMs` of work. It takes four turns of the image work the uploads
 * share (decode, regions, original, variants), each a few seconds at most, so an
 * upload sent meanwhile waits for one turn, not for the whole blur.
 */
export function blurFaces(original: Buffer, regions: readonly BlurRegion[]): Promise<ProcessedImage> {
  return blurs.run(async () => {
    const sharp = await loadSharp();
    const clock = new WorkClock(blurSettings.workMs);
    const blurred = await blurredOriginal(sharp, clock, original, regions);
    // The pixels went with blurredOriginal's turns: only the encoded original is held now.
    const variants = await clock.turn("variants", (limit) => encodeVariants(blurred, false, limit));
    return { original: blurred, variants };
  });
}

/** The first three turns: decode, regions, original. */
async function blurredOriginal(
  sharp: SharpFactory,
  clock: WorkClock,
  original: Buffer,
  regions: readonly BlurRegion[],
): Promise<EncodedImage> {
  const { pixels, format, place } = await clock.turn("decode", (limit) => decode(sharp, original, limit));
  await clock.turn("regions", async (limit) => {
    for (const region of regions) await obscure(sharp, pixels, place(region), limit);
  });
  return clock.turn("original", (limit) =>
    encodeOriginal(sharp(pixels.data, { raw: rawOf(pixels) }), format, false, limit),
  );
}

/**
 * The blur's own working time, turn by turn: each turn waits its place in the image
 * work, then runs with what is left of the time as its pipelines' limit.
 */
class WorkClock {
  private spent = 0;

  constructor(private readonly limitMs: number) {}

  async turn<T>(name: BlurTurn, task: (limit: WorkLimit) => Promise<T>): Promise<T> {
    const result = await inImageWork(async () => {
      this.checkTime();
      blurSettings.onTurn?.(name);
      const started = performance.now();
      try {
        return await task({ seconds: Math.max(1, Math.ceil((this.limitMs - this.spent) / 1000)) });
      } catch (error) {
        // sharp's own limit says "timeout: N% complete".
        if (error instanceof Error && /^timeout/i.test(error.message)) throw tooSlow();
        throw error;
      } finally {
        this.spent += performance.now() - started;
      }
    });
    this.checkTime();
    return result;
  }

  private checkTime(): void {
    if (this.spent > this.limitMs) throw tooSlow();
  }
}

const tooSlow = () => new ApiError(503, BLUR_TOO_SLOW);

/**
 * The original's pixels, decoded at `blurSettings.maxPixels` at most, and how a region
 * in the original's pixels lands on them (the whole of it covered: edges round outwards).
 */
async function decode(sharp: SharpFactory, original: Buffer, limit: WorkLimit) {
  const { maxPixels, wholeMaxPixels } = blurSettings;
  const options = { limitInputPixels: MAX_INPUT_PIXELS };
  const meta = await sharp(original, options).metadata();
  if (meta.format === "gif" && (meta.pages ?? 1) > 1) throw new ApiError(400, ANIMATED_GIF_REFUSED);
  const format = sourceFormat(meta.format);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const whole = format === "gif" || meta.isProgressive;
  if (whole && width * height > wholeMaxPixels) throw new ApiError(400, tooLargeToBlur(width, height, wholeMaxPixels));
  const shrink = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  let pipeline: Sharp = sharp(original, options);
  if (shrink < 1) {
    const size = { width: Math.max(1, Math.floor(width * shrink)), height: Math.max(1, Math.floor(height * shrink)) };
    pipeline = pipeline.resize({ ...size, fit: "fill" });
  }
  const { data, info } = await withLimit(pipeline.toColourspace("srgb").raw({ depth: "uchar" }), limit).toBuffer({
    resolveWithObject: true,
  });
  const pixels: Pixels = { data, width: info.width, height: info.height, channels: info.channels };
  const across = info.width / width;
  const down = info.height / height;
  const place = ({ x, y, width: w, height: h }: BlurRegion): BlurRegion => {
    const left = Math.floor(x * across);
    const top = Math.floor(y * down);
    const right = Math.min(info.width, Math.max(left + 1, Math.ceil((x + w) * across)));
    const bottom = Math.min(info.height, Math.max(top + 1, Math.ceil((y + h) * down)));
    return { x: left, y: top, width: right - left, height: bottom - top };
  };
  return { pixels, format, place };
}

function sourceFormat(format: string | undefined): SourceFormat {
  if (format === "jpeg" || format === "png" || format === "gif") return format;
  // Only uploads are stored, and they are re-encoded as one of these three.
  throw new Error(`A stored image in an unexpected format: ${format}`);
}

/**
 * Blurs one region in place: libvips reads just the region's pixels from the buffer
 * (no copy of the whole image), and the region's smooth enlargement is copied back row
 * by row.
 */
async function obscure(sharp: SharpFactory, pixels: Pixels, region: BlurRegion, limit: WorkLimit): Promise<void> {
  const { x, y, width, height } = region;
  const shorter = Math.min(width, height);
  const across = Math.min(width, Math.max(1, Math.round((width * BLOCKS_ACROSS) / shorter)));
  const down = Math.min(height, Math.max(1, Math.round((height * BLOCKS_ACROSS) / shorter)));
  const blocks = await withLimit(
    sharp(pixels.data, { raw: rawOf(pixels) })
      .extract({ left: x, top: y, width, height })
      .resize(across, down, { fit: "fill" })
      .raw(),
    limit,
  ).toBuffer();
  const smooth = await withLimit(
    sharp(blocks, { raw: { ...rawOf(pixels), width: across, height: down } })
      .resize(width, height, { fit: "fill", kernel: "cubic" })
      .raw(),
    limit,
  ).toBuffer();
  const rowBytes = width * pixels.channels;
  for (let row = 0; row < height; row += 1) {
    smooth.copy(pixels.data, ((y + row) * pixels.width + x) * pixels.channels, row * rowBytes, (row + 1) * rowBytes);
  }
}
