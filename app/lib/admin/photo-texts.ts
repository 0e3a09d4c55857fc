/**
 * The words the admin's photo screens share (docs/product.md, 'Photos'), in one place so the
 * single-image dialogs, the many-photos screens and the follow-up lists say the same.
 */
export const DESCRIPTION_LABEL = "Image description";

/** Beside every caption field: what a caption is for, which a description is not. */
export const CAPTION_HINT =
  "Shown with the photo on the site: what is happening, or where. Never name a child in a caption.";

/** Beside every description field (and atop the descriptions screen). */
export const NO_NAMES_REMINDER =
  "Describe what the photo shows for people who cannot see it. Never name a child in a caption or description.";

/** One checkbox per batch of photos added. */
export const CONSENT_CONFIRMATION = "Everyone who can be recognised in these photos has photo consent for the website";

/** An image added without that confirmation (e.g. through the SPEC's own dialog). */
export const CONSENT_NOT_RECORDED = "consent not recorded";
