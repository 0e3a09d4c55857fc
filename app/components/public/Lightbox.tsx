import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { UrlDialog } from "~/components/UrlDialog";
import type { ShownImage } from "~/lib/upstream/answers.server";
import { dialogHref } from "~/lib/dialog-state";
import { useHydrated } from "~/lib/use-hydrated";

interface Props {
  /** The images of the gallery's page on screen. */
  images: ShownImage[];
  index: number;
  /** The page's address (with its ?page=N); the lightbox is its ?image=ID state. */
  pathname: string;
  /** Where the page starts in the whole gallery, and how many images the gallery holds. */
  first: number;
  total: number;
  /**
   * The lightbox addresses of the images just before and after this page (on the pages
   * next to it, or wrapped round to the other end); null when the gallery fits on one page.
   */
  beyondPage: { before: string | null; after: string | null };
}

/**
 * The image's description (docs/product.md, 'Photos'), else its caption, else its place in the
 * whole gallery (from 0).
 */
export function imageLabel(image: ShownImage, index: number): string {
  return image.altText || image.caption || `Gallery image ${index + 1}`;
}

/**
 * The full-size view of one gallery image. Previous and next step through the whole
 * gallery, onto the next or previous page at a page's edge, and wrap at both ends; with
 * JavaScript the arrow keys step and Escape closes (the dialog's own dismiss).
 */
export function Lightbox({ images, index, pathname, first, total, beyondPage }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const image = images[index];
  const count = images.length;
  const onPage = (at: number) => dialogHref(pathname, "image", images[(at + count) % count].id);
  const previousHref = index > 0 ? onPage(index - 1) : (beyondPage.before ?? onPage(index - 1));
  const nextHref = index < count - 1 ? onPage(index + 1) : (beyondPage.after ?? onPage(index + 1));

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
    <UrlDialog title={`Image ${first + index + 1} of ${total}`} closeTo={pathname} className="lightbox">
      <figure className="lightbox__figure">
        <ResponsiveImage
          className="lightbox__image"
          src={image.imageUrl}
          alt={imageLabel(image, first + index)}
          width={1600}
          height={1000}
          sizes="90vw"
          loading="eager"
        />
        {image.caption ? <figcaption className="lightbox__caption">{image.caption}</figcaption> : null}
        {image.mark ? <p className="lightbox__mark">{image.mark}</p> : null}
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
