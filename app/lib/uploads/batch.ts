import { NOT_AN_IMAGE_MESSAGE } from "../../../common/image-types";
import { BATCH_MAX_IMAGES } from "../../../common/upload-limits";
import { BATCH_PHOTO_TOO_LARGE } from "./photo-size";
import { UPLOAD_RULES } from "./rules";

/**
 * Many photos at once (docs/product.md, 'Photos'): the words and addresses the batch form,
 * the page's uploader and the captions screen share, browser and server alike.
 */

/** The add-many screen, its file field, and the captions screen that follows it. */
export const ADD_MANY_PATH = "/admin/gallery/add";
export const BATCH_FILE_FIELD = "images";
export const CAPTIONS_PATH = "/admin/gallery/captions";
/** The page's uploader makes each gallery image here, in file order, once its file is stored. */
export const BATCH_CREATE_ENDPOINT = "/admin/uploads/gallery-image";

/** The most files one batch takes: the captions screen lists them all in one form, read and saved in one /api call each. */
export const MAX_BATCH_FILES = BATCH_MAX_IMAGES;
/** The page's uploader sends this many files at once. */
export const UPLOADS_AT_ONCE = 2;
/** A refused file's name is shown (and carried in the address) at most this long. */
const MAX_NAME_CHARS = 80;
/** An added photo's file name is carried in the address at most this long… */
const MAX_ADDED_NAME_CHARS = 60;
/** …and all of them together at most this long as the address writes them (percent-encoded): past it, the rest are shown without their names. */
const MAX_ADDED_NAMES_CHARS = 3000;
/** Between two names in the address: no file name can hold it. */
const NAME_SEPARATOR = "/";

/** Why a file of a batch was not added. */
export type Refusal = "invalid" | "too-large" | "over-photo-limit" | "failed" | "too-many";
export interface RefusedFile {
  name: string;
  why: Refusal;
}

/** The SPEC's own words (docs/product.md, 'The error catalogue') for each refusal: the title and what it says. */
export function refusalWords(why: Refusal): { title: string; description: string } {
  switch (why) {
    case "invalid":
      return { title: "Invalid file", description: NOT_AN_IMAGE_MESSAGE };
    case "too-large":
      return { title: "File too large", description: UPLOAD_RULES.image.tooLarge };
    case "over-photo-limit":
      // Beyond what the server shrinks (Add Images without JavaScript): not the product's own limit.
      return { title: "File too large", description: BATCH_PHOTO_TOO_LARGE };
    case "too-many":
      return { title: "Not added", description: `At most ${MAX_BATCH_FILES} photos go in one batch.` };
    case "failed":
      return { title: "Upload failed", description: UPLOAD_RULES.image.failed };
  }
}

/** A status the upload answered with, as a refusal: 415 and 413 are the SPEC's two checks, which the /api makes. */
export function refusalOfStatus(status: number): Refusal {
  return status === 415 ? "invalid" : status === 413 ? "too-large" : "failed";
}

const REFUSALS: readonly Refusal[] = ["invalid", "too-large", "over-photo-limit", "failed", "too-many"];

/**
 * The captions screen's address: the images added, in file order, with their file names
 * (`names`, in the same order: the /api keeps no file name with an image), and the files
 * refused (`refused=why:name`), each list bounded so the address stays short.
 */
export function captionsPath(
  ids: readonly number[],
  refused: readonly RefusedFile[] = [],
  names: readonly string[] = [],
): string {
  const query = new URLSearchParams();
  if (ids.length > 0) query.set("ids", ids.slice(0, MAX_BATCH_FILES).join("."));
  const carried = boundedNames(names.slice(0, Math.min(ids.length, MAX_BATCH_FILES)));
  if (carried.some(Boolean)) query.set("names", carried.join(NAME_SEPARATOR));
  for (const file of refused.slice(0, MAX_BATCH_FILES)) {
    query.append("refused", `${file.why}:${file.name.slice(0, MAX_NAME_CHARS)}`);
  }
  return `${CAPTIONS_PATH}?${query.toString()}`;
}

/** Each name shortened and without the separator, as many as fit in MAX_ADDED_NAMES_CHARS once encoded. */
function boundedNames(names: readonly string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const name of names) {
    const short = [...name.replaceAll(NAME_SEPARATOR, "_")].slice(0, MAX_ADDED_NAME_CHARS).join("");
    length += encodeURIComponent(short).length + 1;
    if (length > MAX_ADDED_NAMES_CHARS) break;
    kept.push(short);
  }
  return kept;
}

/** The file name of each id captionsPath carried, '' where none came. */
export function readAddedNames(url: URL, ids: readonly number[]): Map<number, string> {
  const names = (url.searchParams.get("names") ?? "").slice(0, MAX_ADDED_NAMES_CHARS).split(NAME_SEPARATOR);
  return new Map(ids.map((id, i) => [id, [...(names[i] ?? "")].slice(0, MAX_ADDED_NAME_CHARS).join("")]));
}

/** What captionsPath wrote, read back; anything else in the address is ignored. */
export function readCaptionsQuery(url: URL): { ids: number[]; refused: RefusedFile[] } {
  const ids = (url.searchParams.get("ids") ?? "")
    .split(".")
    .filter((part) => /^[1-9]\d{0,15}$/.test(part))
    .map(Number)
    .slice(0, MAX_BATCH_FILES);
  const refused: RefusedFile[] = [];
  for (const entry of url.searchParams.getAll("refused").slice(0, MAX_BATCH_FILES)) {
    const colon = entry.indexOf(":");
    const why = entry.slice(0, colon) as Refusal;
    if (colon > 0 && REFUSALS.includes(why))
      refused.push({ why, name: entry.slice(colon + 1, colon + 1 + MAX_NAME_CHARS) });
  }
  return { ids: [...new Set(ids)], refused };
}
