/**
 * Widths of the WebP variants the /api keeps of every uploaded image (docs/product.md, 'Validation rules';
 * never wider than the original), and the public pages ask for by width. A file of its
 * own: the public pages' JavaScript imports it, and nothing more comes with it.
 */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
