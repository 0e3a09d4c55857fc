/** The absolute address of an image for a link preview (our images as a mid-size WebP). */
export function absoluteImageUrl(image: string, origin: string): string | null {
  if (image.startsWith("/objects/")) return `${origin}${image}?w=960`;
  return /^https?:\/\//i.test(image) ? image : null;
}
