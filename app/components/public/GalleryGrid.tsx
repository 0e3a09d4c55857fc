import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { preloadDialog } from "~/components/UrlDialog";
import { imageLabel } from "~/components/public/Lightbox";
import type { ShownImage } from "~/lib/upstream/answers.server";
import { dialogHref } from "~/lib/dialog-state";

interface Props {
  images: ShownImage[];
  /** The page's address (with its ?page=N): each image opens the lightbox as its ?image=ID state. */
  here: string;
  /** Where the page starts in the whole list, for the names of images without a caption. */
  first: number;
  /** Whether the grid starts the page: its first image is then fetched at once (not so below album cards). */
  leads?: boolean;
}

/** The grid of images /gallery and an album's page show; the caption shows on hover and focus. */
export function GalleryGrid({ images, here, first, leads = true }: Props) {
  return (
    <ul className="gallery-grid">
      {images.map((image, index) => (
        <li key={image.id}>
          <Link
            to={dialogHref(here, "image", image.id)}
            preventScrollReset
            className="gallery-item"
            data-image-id={image.id}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
          >
            <ResponsiveImage
              className="gallery-item__image"
              src={image.imageUrl}
              alt={imageLabel(image, first + index)}
              width={480}
              height={360}
              sizes="(max-width: 48rem) 50vw, 25vw"
              priority={leads && index === 0}
              loading={leads && index < 2 ? "eager" : "lazy"}
            />
            {image.caption ? (
              <span className="gallery-item__caption" aria-hidden="true">
                {image.caption}
              </span>
            ) : null}
            {image.mark ? <span className="gallery-item__mark">{image.mark}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
