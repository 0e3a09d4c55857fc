/**
 * The image types events and gallery accept (docs/product.md, 'Validation rules'): the /api stores only
 * these, and the admin screens check a file before sending it, in the same words.
 */

/** The types events and gallery accept (jpg, jpeg, png, gif), as browsers and clients declare them. */
export const IMAGE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/jpg",
  "image/pjpeg",
  "image/png",
  "image/gif",
]);

/** The same types by file name, for a picked file that comes without a type. */
export const IMAGE_FILE_NAME = /\.(jpe?g|png|gif)$/i;

export const NOT_AN_IMAGE_MESSAGE = "Please upload an image file (jpg, jpeg, png, gif)";

/** True when a declared Content-Type (parameters ignored) is one of IMAGE_CONTENT_TYPES. */
export function isAcceptedContentType(contentType: string | undefined | null): boolean {
  if (!contentType) return false;
  return IMAGE_CONTENT_TYPES.has(contentType.split(";")[0].trim().toLowerCase());
}
