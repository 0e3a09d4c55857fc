/**
 * The longest each kind of text field may be, in characters: the /api refuses more
 * (docs/product.md, 'The calls it makes'), and the admin forms check first, so a form with a file is
 * refused before the file is stored.
 */
export const TEXT_LIMITS = {
  shortText: 200,
  url: 2048,
  comment: 10_000,
  caption: 500,
  html: 200_000,
  /** One page text (who-we-are, what-we-do; docs/product.md, 'Validation rules', 'Business constants and limits'). */
  pageText: 50_000,
  email: 254,
  /** An image's description (alt text): a sentence or two, as screen readers read it. */
  altText: 250,
} as const;

/**
 * A booking's texts (docs/product.md, 'Bookings'), the same at the /api and in the booking
 * forms: a person's name is at most 70 characters, the length the UK government's data
 * standards give a full name; a child's first name 50, a class 30.
 */
export const BOOKING_LIMITS = { name: 70, childName: 50, childClass: 30 } as const;

/** The words for a text over its limit, the same from the /api and from the admin forms. */
export const tooLong = (max: number) => `must be at most ${max} characters`;

/** An absolute http or https address with a host: what a booking link (or an image's web address) must be. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}
