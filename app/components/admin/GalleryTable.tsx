import { ResponsiveImage } from "~/components/ResponsiveImage";
import { CONSENT_NOT_RECORDED } from "~/lib/admin/photo-texts";
import { formatDate } from "~/lib/dates";
import type { GalleryImage } from "~/lib/upstream/answers.server";
import { ItemActions } from "./ItemActions";
import { AdminTable } from "./AdminTable";
import { fetchUsesNote } from "./GalleryUses";

/** docs/product.md, 'Screens and routes': what Delete asks, in the browser's confirm() and in the ?delete=ID dialog. */
export const GALLERY_DELETE_QUESTION = "Are you sure you want to delete this image?";

/** How Edit and Delete name an image for screen readers. */
const imageName = (image: GalleryImage) => (image.caption ? `image: ${image.caption}` : `image ${image.id}`);

const captionOf = (image: GalleryImage) =>
  image.caption ? image.caption : <span className="empty-text">(No caption)</span>;

/** docs/product.md, 'Photos': 'Consent confirmed by {name}, {date}', or 'consent not recorded'. */
function ConsentState({ image, timeZone }: { image: GalleryImage; timeZone: string }) {
  return image.consentBy && image.consentAt ? (
    <span className="admin-table__note">{`Consent confirmed by ${image.consentBy}, ${formatDate(image.consentAt, timeZone)}`}</span>
  ) : (
    <span className="admin-table__note empty-text">{CONSENT_NOT_RECORDED}</span>
  );
}

/** The image a delete confirmation is about: its thumbnail and caption. */
export function GalleryImagePreview({ image }: { image: GalleryImage }) {
  return (
    <figure className="delete-preview">
      <ResponsiveImage
        src={image.imageUrl}
        alt=""
        width={192}
        height={144}
        sizes="192px"
        className="delete-preview__image"
      />
      <figcaption>{captionOf(image)}</figcaption>
    </figure>
  );
}

interface Props {
  images: readonly GalleryImage[];
  busy: boolean;
  /** The site's zone, for the dates consent was confirmed on. */
  timeZone: string;
}

/** Manage Gallery's list: one row per image, with its thumbnail, caption and consent state, Edit and Delete. */
export function GalleryTable({ images, busy, timeZone }: Props) {
  return (
    <div className="card admin-table-wrap" aria-busy={busy || undefined}>
      <AdminTable caption="Gallery images" columns={["Image", "Caption", "Consent", "Actions"]}>
        {images.map((image) => (
          <tr key={image.id}>
            <td>
              <ResponsiveImage
                src={image.imageUrl}
                alt={image.altText ?? image.caption ?? "Gallery image without a caption"}
                width={96}
                height={72}
                sizes="96px"
                className="admin-table__thumb"
              />
            </td>
            <td>{captionOf(image)}</td>
            <td>
              <ConsentState image={image} timeZone={timeZone} />
            </td>
            <td>
              <ItemActions
                id={image.id}
                name={imageName(image)}
                confirm={GALLERY_DELETE_QUESTION}
                confirmNote={fetchUsesNote}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
