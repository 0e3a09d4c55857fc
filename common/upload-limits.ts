/**
 * How large an uploaded image may be, and the words for one that is larger
 * (docs/product.md, 'Validation rules', 'Business constants and limits'): the /api refuses beyond them (413), the admin screens
 * check before sending a byte, both in the same words.
 */
export const MB = 1024 * 1024;

/** The two upload flows of docs/product.md, 'The calls it makes': events and gallery ("image"), news ("news"). */
export type UploadFlow = "image" | "news";

export const UPLOAD_LIMITS: Readonly<Record<UploadFlow, { maxBytes: number; tooLarge: string }>> = {
  image: { maxBytes: 5 * MB, tooLarge: "Image must be less than 5MB" },
  news: { maxBytes: 10 * MB, tooLarge: "File size must be less than 10MB" },
};

/**
 * The most photos one batch takes (docs/product.md, 'Photos'): the add form's files, and the
 * images the captions screen reads and saves in one /api call each.
 */
export const BATCH_MAX_IMAGES = 50;
