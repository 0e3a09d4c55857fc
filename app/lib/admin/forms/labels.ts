import { DESCRIPTION_LABEL } from "../photo-texts";

/**
 * The admin forms' field labels, by the field names the /api uses: the forms show them,
 * and every problem with a field is told with them ("Booking URL is required").
 */
export const EVENT_LABELS = {
  name: "Name",
  date: "Date",
  bookingUrl: "Booking URL",
  comment: "Description",
  location: "Location",
  organiser: "Organiser",
  imageUrl: "Image",
  imageAlt: DESCRIPTION_LABEL,
} as const;

export const NEWS_LABELS = {
  title: "Title",
  publishedAt: "Publication Date",
  content: "Content",
  imageUrl: "Image",
  imageAlt: DESCRIPTION_LABEL,
} as const;

export const GALLERY_LABELS = {
  imageUrl: "Image",
  caption: "Caption",
  altText: DESCRIPTION_LABEL,
} as const;
