import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import type { BlurAnswer } from "~/lib/admin/blur.server";
import { useHydrated } from "~/lib/use-hydrated";
import { FaceRegions } from "./FaceRegions";

export const BLUR_NEEDS_JAVASCRIPT = "Blurring faces needs JavaScript.";
export const BLUR_ONLY_OURS = "Faces can be blurred only in an image uploaded to this site.";

interface Props {
  /** The gallery image's id. */
  galleryId: string;
  /** Its address as stored: only '/objects/images/…' can be blurred. */
  imageUrl: string;
}

/**
 * 'Blur faces' in the Edit Gallery Image dialog (docs/product.md §12): with JavaScript
 * the administrator draws rectangles over faces on the image and saves them; the
 * resource route asks the /api to blur them, and the page, read again, shows the new
 * image. Without JavaScript it says that blurring needs it.
 */
export function BlurEditor({ galleryId, imageUrl }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<BlurAnswer>();
  const headingId = useId();
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;

  return (
    <section className="blur-editor" aria-labelledby={headingId}>
      <h3 id={headingId} className="blur-editor__title">
        Blur faces
      </h3>
      {!hydrated ? (
        <p className="field__hint">{BLUR_NEEDS_JAVASCRIPT}</p>
      ) : !imageUrl.startsWith("/objects/images/") ? (
        <p className="field__hint">{BLUR_ONLY_OURS}</p>
      ) : (
        // A new image starts with no areas drawn on it.
        <FaceRegions
          key={imageUrl}
          imageUrl={imageUrl}
          busy={busy}
          onSave={(regions) =>
            fetcher.submit(
              { regions: JSON.stringify(regions) },
              { method: "post", action: `/admin/gallery/${encodeURIComponent(galleryId)}/blur` },
            )
          }
        />
      )}
      <p className="blur-editor__status" role="status">
        {answer === undefined
          ? ""
          : "imageUrl" in answer
            ? "Faces blurred."
            : `Failed to blur faces: ${answer.message}`}
      </p>
    </section>
  );
}
