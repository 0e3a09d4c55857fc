import { useNavigation, useSearchParams } from "@remix-run/react";
import { useId } from "react";
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
 * 'Blur faces' in the Edit Gallery Image dialog (docs/product.md, 'Photos'): with JavaScript
 * the administrator draws rectangles over faces on the image and saves them; the
 * resource route asks the /api to blur them and returns to the dialog with a notice,
 * which, read again, shows the new image. Without JavaScript it says that blurring
 * needs it. A plain Remix form, so it brings no new framework code to any page.
 */
export function BlurEditor({ galleryId, imageUrl }: Props) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const headingId = useId();
  const action = `/admin/gallery/${encodeURIComponent(galleryId)}/blur`;

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
          action={action}
          page={params.get("page") ?? ""}
          busy={navigation.state !== "idle" && navigation.formAction === action}
        />
      )}
    </section>
  );
}
