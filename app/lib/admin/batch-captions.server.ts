import { z } from "zod";
import { TEXT_LIMITS, tooLong } from "../../../common/text-limits";
import { UpstreamError, type UpstreamSender } from "../upstream.server";
import { MAX_BATCH_FILES } from "../uploads/batch";

/**
 * The captions screen after a batch (docs/product.md, 'Photos'): the images just added, read
 * one by one by id (at most a batch's worth), and their captions and descriptions
 * saved together, each through the SPEC's own PUT /api/admin/gallery/{id}.
 */

export interface BatchImage {
  id: number;
  imageUrl: string;
  caption: string;
  altText: string;
}

function imageSchema() {
  return z.object({
    id: z.coerce.number(),
    imageUrl: z.string(),
    caption: z.string().nullish(),
    altText: z.string().nullish(),
  });
}

/** The images by id, in the order given; one deleted since is left out. */
export async function batchImages(admin: UpstreamSender, ids: readonly number[]): Promise<BatchImage[]> {
  const images: BatchImage[] = [];
  for (const id of ids.slice(0, MAX_BATCH_FILES)) {
    try {
      const image = imageSchema().parse(await (await admin.send(`/api/gallery/${id}`)).json());
      images.push({
        id: image.id,
        imageUrl: image.imageUrl,
        caption: image.caption ?? "",
        altText: image.altText ?? "",
      });
    } catch (error) {
      if (!(error instanceof UpstreamError && error.status === 404)) throw error;
    }
  }
  return images;
}

export type CaptionErrors = Record<string, string>;

/** The posted texts by image: `caption-{id}` and `altText-{id}`, checked against the /api's limits. */
export function readCaptions(
  fields: Readonly<Record<string, string>>,
  ids: readonly number[],
): { texts: Map<number, { caption: string; altText: string }>; errors: CaptionErrors } {
  const texts = new Map<number, { caption: string; altText: string }>();
  const errors: CaptionErrors = {};
  for (const id of ids) {
    const caption = (fields[`caption-${id}`] ?? "").trim();
    const altText = (fields[`altText-${id}`] ?? "").trim();
    if (caption.length > TEXT_LIMITS.caption) errors[`caption-${id}`] = `Caption ${tooLong(TEXT_LIMITS.caption)}`;
    if (altText.length > TEXT_LIMITS.altText)
      errors[`altText-${id}`] = `Image description ${tooLong(TEXT_LIMITS.altText)}`;
    texts.set(id, { caption, altText });
  }
  return { texts, errors };
}

/** Saves each image's texts, keeping its image, album and consent record: the ids that failed. */
export async function saveCaptions(
  admin: UpstreamSender,
  images: readonly BatchImage[],
  texts: ReadonlyMap<number, { caption: string; altText: string }>,
): Promise<number[]> {
  const failed: number[] = [];
  for (const image of images) {
    const text = texts.get(image.id);
    if (!text || (text.caption === image.caption && text.altText === image.altText)) continue;
    try {
      await admin.send(`/api/admin/gallery/${image.id}`, {
        method: "PUT",
        json: { imageUrl: image.imageUrl, caption: text.caption || null, altText: text.altText || null },
      });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      failed.push(image.id);
    }
  }
  return failed;
}
