import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { UrlDialog } from "~/components/UrlDialog";
import type { GalleryImage } from "~/lib/models.server";
import { dialogHref } from "~/lib/public/dialog-state";
import { useHydrated } from "~/lib/use-hydrated";

interface Props {
  images: GalleryImage[];
  index: number;
  /** The gallery's path; the lightbox is its ?image=ID state. */
  pathname: string;
}

/** The image's own words, or its place in the gallery when it has no caption. */
export function imageLabel(image: GalleryImage, index: number): string {
  return image.caption || `Gallery image ${index + 1}`;
}

/**
 * The full-size view of one gallery image. Previous and next wrap at both ends; with
 * JavaScript the arrow keys step and Escape closes (the dialog's own dismiss).
 */
export function Lightbox({ images, index, pathname }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const image = images[index];
  const count = images.length;
  const previous = images[(index - 1 + count) % count];
  const next = images[(index + 1) % count];
  const previousHref = dialogHref(pathname, "image", previous.id);
  const nextHref = dialogHref(pathname, "image", next.id);

  useEffect(() => {
    if (!hydrated) return;
    // The neighbour is read from the links on screen at the key press: a quick second
    // press can come after the new image shows but before an effect would re-subscribe.
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
      const to = rel && document.querySelector(`.lightbox__nav a[rel="${rel}"]`)?.getAttribute("href");
      if (!to) return;
      event.preventDefault();
      navigate(to, { replace: true, preventScrollReset: true });
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [hydrated, navigate]);

  return (
    <UrlDialog title={`Image ${index + 1} of ${count}`} closeTo={pathname} className="lightbox">
      <figure className="lightbox__figure">
        <ResponsiveImage
          className="lightbox__image"
          src={image.imageUrl}
          alt={imageLabel(image, index)}
          width={1600}
          height={1000}
          sizes="90vw"
          loading="eager"
        />
        {image.caption ? <figcaption className="lightbox__caption">{image.caption}</figcaption> : null}
      </figure>
      <nav className="lightbox__nav" aria-label="Gallery images">
        <Link
          to={previousHref}
          rel="prev"
          replace
          preventScrollReset
          className="button button--secondary"
          aria-label="Previous image"
        >
          <span aria-hidden="true">‹</span> Previous
        </Link>
        <Link
          to={nextHref}
          rel="next"
          replace
          preventScrollReset
          className="button button--secondary"
          aria-label="Next image"
        >
          Next <span aria-hidden="true">›</span>
        </Link>
      </nav>
    </UrlDialog>
  );
}
