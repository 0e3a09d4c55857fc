/**
 * Blurring faces (docs/product.md, "Blurring faces"): the rectangles an administrator
 * draws over a gallery image, in the stored original's pixels, and how many one request
 * may name. The /api checks them; the admin's editor stops drawing at the same limit.
 */
export interface BlurRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Each region is a pass over its pixels: 20 are more faces than a photo of a class
 * shows, and keep one blur's work to seconds (at 50 whole-image regions a 16 MP photo
 * took over 45 s, and every upload waited behind it).
 */
export const MAX_BLUR_REGIONS = 20;
