/**
 * Blurring faces (docs/product.md §12): the rectangles an administrator draws over a
 * gallery image, in the stored original's pixels, and how many one request may name.
 * The /api checks them; the admin's editor stops drawing at the same limit.
 */
export interface BlurRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MAX_BLUR_REGIONS = 50;
