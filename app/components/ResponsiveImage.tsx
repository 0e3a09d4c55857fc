import type { ImgHTMLAttributes } from "react";
import { VARIANT_WIDTHS } from "../../common/image-variants";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  src: string;
  alt: string;
  /** The box the image fills; CSS object-fit crops to it, so the page never shifts. */
  width: number;
  height: number;
  sizes?: string;
  /**
   * The page's largest paint: fetched at once and first, not when it scrolls into
   * view, so the first screen is complete sooner.
   */
  priority?: boolean;
};

/**
 * Our own /objects images come as responsive WebP variants; any other address
 * (an administrator may paste one) is used as it is.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes = "(max-width: 48rem) 100vw, 33vw",
  priority = false,
  ...rest
}: Props) {
  const ours = src.startsWith("/objects/");
  // React 18 passes the lowercase attribute through; it warns about the camelCase name its types declare.
  const fetchPriority = priority ? { fetchpriority: "high" } : {};
  return (
    <img
      src={src}
      srcSet={ours ? VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(", ") : undefined}
      sizes={ours ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...fetchPriority}
      {...rest}
    />
  );
}
