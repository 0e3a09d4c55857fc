import type { ImgHTMLAttributes } from "react";

/** Widths of the WebP variants the /api keeps for every uploaded image. */
const VARIANT_WIDTHS = [480, 960, 1600] as const;

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  src: string;
  alt: string;
  /** The box the image fills; CSS object-fit crops to it, so the page never shifts. */
  width: number;
  height: number;
  sizes?: string;
};

/**
 * Our own /objects images come as responsive WebP variants; any other address
 * (an administrator may paste one) is used as it is.
 */
export function ResponsiveImage({ src, alt, width, height, sizes = "(max-width: 48rem) 100vw, 33vw", ...rest }: Props) {
  const ours = src.startsWith("/objects/");
  return (
    <img
      src={src}
      srcSet={ours ? VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(", ") : undefined}
      sizes={ours ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      {...rest}
    />
  );
}
