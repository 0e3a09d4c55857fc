import { z } from "zod";
import { TEXT_LIMITS, tooLong } from "../../../../common/text-limits";
import { galleryListSchema } from "../../upstream/answers.server";
import { UpstreamError, type UpstreamSender } from "../../upstream/client.server";
import { MAX_BATCH_FILES } from "../../uploads/batch";
import { DESCRIPTION_LABEL } from "../photo-texts";

/**
 * The captions screen after a batch (docs/product.md, 'Photos'): the images just added,
 * read in one call (GET /api/admin/gallery?ids=…, at most a batch's worth), and their
 * captions and descriptions saved in one call (PUT /api/admin/gallery), which changes
 * only the images whose texts changed, all in one transaction.
 */

export interface BatchImage {
  id: number;
  imageUrl: string;
  caption: string;
  altText: string;
}

/** The images by id, in the order given; one deleted since is left out. */
export async function batchImages(admin: UpstreamSender, ids: readonly number[]): Promise<BatchImage[]> {
  if (ids.length === 0) return [];
  const response = await admin.send(`/api/admin/gallery?ids=${ids.slice(0, MAX_BATCH_FILES).join(",")}`);
  return galleryListSchema.parse(await response.json()).map((image) => ({
    id: Number(image.id),
    imageUrl: image.imageUrl,
    caption: image.caption ?? "",
    altText: image.altText ?? "",
  }));
}

export type CaptionErrors = Record<string, string>;
type Texts = Map<number, { caption: string; altText: string }>;

const LABELS = { caption: "Caption", altText: DESCRIPTION_LABEL } as const;

/** The posted texts by image: `caption-{id}` and `altText-{id}`, checked against the /api's limits. */
export function readCaptions(
  fields: Readonly<Record<string, string>>,
  ids: readonly number[],
): { texts: Texts; errors: CaptionErrors } {
  const texts: Texts = new Map();
  const errors: CaptionErrors = {};
  for (const id of ids) {
    const caption = (fields[`caption-${id}`] ?? "").trim();
    const altText = (fields[`altText-${id}`] ?? "").trim();
    if (caption.length > TEXT_LIMITS.caption)
      errors[`caption-${id}`] = `${LABELS.caption} ${tooLong(TEXT_LIMITS.caption)}`;
    if (altText.length > TEXT_LIMITS.altText)
      errors[`altText-${id}`] = `${LABELS.altText} ${tooLong(TEXT_LIMITS.altText)}`;
    texts.set(id, { caption, altText });
  }
  return { texts, errors };
}

/** What the /api says of each image it refused: `problems` beside the first problem's message. */
const problemsSchema = z.object({
  problems: z.array(z.object({ id: z.number().nullable(), field: z.string(), message: z.string() })),
});

/**
 * Saves every image's texts in one call, keeping its image, album and consent record:
 * null when saved, else the errors to show beside the fields (the /api's problems by
 * image and field; without them, each photo's 'not saved').
 */
export async function saveCaptions(admin: UpstreamSender, texts: Texts): Promise<CaptionErrors | null> {
  const images = [...texts].map(([id, text]) => ({ id, caption: text.caption || null, altText: text.altText || null }));
  if (images.length === 0) return null;
  try {
    await admin.send("/api/admin/gallery", { method: "PUT", json: { images } });
    return null;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const errors: CaptionErrors = {};
    const refused = error.status === 400 ? problemsSchema.safeParse(safeJson(error.body)) : null;
    for (const { id, field, message } of refused?.success ? refused.data.problems : []) {
      if (id !== null && (field === "caption" || field === "altText"))
        errors[`${field}-${id}`] = `${LABELS[field]} ${message}`;
    }
    if (Object.keys(errors).length > 0) return errors;
    return Object.fromEntries(images.map((image) => [`caption-${image.id}`, "This photo's texts were not saved."]));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
