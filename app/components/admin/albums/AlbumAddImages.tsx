import { Form } from "@remix-run/react";
import { AlbumThumb } from "./AlbumThumb";

interface Image {
  id: string;
  imageUrl: string;
  caption: string | null;
}

/** The newest gallery images in no album, each with a form that adds it to this one (to its end). */
export function AlbumAddImages({ images, page }: { images: Image[]; page: number }) {
  if (images.length === 0) return <p className="empty-text">Every recent gallery image is in an album.</p>;
  return (
    <ul className="album-order">
      {images.map((image) => (
        <li key={image.id} className="album-order__item" data-loose-image-id={image.id}>
          <AlbumThumb image={image} />
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="imageId" value={image.id} />
            <input type="hidden" name="page" value={page} />
            <button
              type="submit"
              className="button button--secondary"
              aria-label={`Add ${image.caption || `image ${image.id}`} to this album`}
            >
              Add to album
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
