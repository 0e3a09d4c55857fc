import type { GalleryImage } from "../../upstream/answers.server";
import { CONSENT_NOT_RECORDED } from "../photo-texts";

/**
 * The gallery follow-up's words and addresses (docs/product.md, 'Photos'), shared by Manage
 * Gallery's links and the two screens they lead to; the screens' data is read in
 * gallery-follow-up.server.ts.
 */
export const FOLLOW_UP_PATHS = {
  description: "/admin/gallery/descriptions",
  consent: "/admin/gallery/consent",
} as const;
export type FollowUpNeed = keyof typeof FOLLOW_UP_PATHS;

const images = (count: number) => (count === 1 ? "1 image" : `${count} images`);

/** '1 image has no description', '3 images have no description'. */
export const withoutDescriptionText = (count: number) =>
  `${images(count)} ${count === 1 ? "has" : "have"} no description`;

/** '1 image: consent not recorded', '3 images: consent not recorded'. */
export const consentNotRecordedText = (count: number) => `${images(count)}: ${CONSENT_NOT_RECORDED}`;

/** A form field per image: `altText-12`, `consent-12`. */
export const fieldOf = (prefix: "altText" | "consent", id: string) => `${prefix}-${id}`;

/** How a follow-up screen names an image: its description, caption or id. */
export const followUpName = (image: Pick<GalleryImage, "id" | "altText" | "caption">) =>
  image.altText || image.caption || `Image ${image.id}`;
