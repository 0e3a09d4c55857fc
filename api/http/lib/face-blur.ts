import type { Sharp } from "sharp";
import type { BlurRegion } from "../../../common/blur-regions";
import { ApiError } from "./errors";
import { encodeImage, inImageWork, type ProcessedImage, type SourceFormat } from "./images";
import { loadSharp, type SharpFactory } from "./sharp";

/**
 * How many blocks of colour the shorter side of a region keeps: a face becomes a few
 * smooth patches, with nothing left of eyes, nose or mouth to recognise.
 */
const BLOCKS_ACROSS = 6;

export const ANIMATED_GIF_REFUSED =
  "Faces can be blurred in photos (JPEG, PNG or a still GIF), not in animated GIFs. Please upload a still image instead.";

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const rawOf = (pixels: Pixels) => ({ width: pixels.width, height: pixels.height, channels: pixels.channels });

/**
 * Blurs the regions of a stored original (docs/product.md §12) and encodes the result as
 * a new stored image: the original in its own format, without metadata, and every WebP
 * variant made from the blurred original. Each region is shrunk to a handful of blocks
 * and smoothly enlarged again, then written over the pixels it replaces (alpha too, so
 * nothing of the face shows through a transparent PNG). Animated GIFs are refused.
 */
export function blurFaces(original: Buffer, regions: readonly BlurRegion[]): Promise<ProcessedImage> {
  return inImageWork(async () => {
    const sharp = await loadSharp();
    const meta = await sharp(original).metadata();
    if (meta.format === "gif" && (meta.pages ?? 1) > 1) throw new ApiError(400, ANIMATED_GIF_REFUSED);
    const format = sourceFormat(meta.format);
    const { data, info } = await sharp(original)
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const pixels: Pixels = { data, width: info.width, height: info.height, channels: info.channels };
    for (const region of regions) await obscure(sharp, pixels, region);
    return encodeImage(sharp(pixels.data, { raw: rawOf(pixels) }), format, false);
  });
}

function sourceFormat(format: string | undefined): SourceFormat {
  if (format === "jpeg" || format === "png" || format === "gif") return format;
  // Only uploads are stored, and they are re-encoded as one of these three.
  throw new Error(`A stored image in an unexpected format: ${format}`);
}

async function obscure(sharp: SharpFactory, pixels: Pixels, region: BlurRegion): Promise<void> {
  const { x, y, width, height } = region;
  const shorter = Math.min(width, height);
  const across = Math.min(width, Math.max(1, Math.round((width * BLOCKS_ACROSS) / shorter)));
  const down = Math.min(height, Math.max(1, Math.round((height * BLOCKS_ACROSS) / shorter)));
  const blocks = await sharp(pixels.data, { raw: rawOf(pixels) })
    .extract({ left: x, top: y, width, height })
    .resize(across, down, { fit: "fill" })
    .raw()
    .toBuffer();
  const smooth = await enlarge(sharp(blocks, { raw: { ...rawOf(pixels), width: across, height: down } }), region);
  const rowBytes = width * pixels.channels;
  for (let row = 0; row < height; row += 1) {
    smooth.copy(pixels.data, ((y + row) * pixels.width + x) * pixels.channels, row * rowBytes, (row + 1) * rowBytes);
  }
}

function enlarge(blocks: Sharp, { width, height }: BlurRegion): Promise<Buffer> {
  return blocks.resize(width, height, { fit: "fill", kernel: "cubic" }).raw().toBuffer();
}
