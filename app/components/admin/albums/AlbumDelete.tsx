import { Form, Link } from "@remix-run/react";

/**
 * Deleting an album asks what becomes of its images (docs/product.md, 'Photos'): they stay in
 * the gallery without an album, or go with it. Shown at ?delete, so it works without JavaScript.
 */
export function AlbumDelete({ title, imageCount, cancelTo }: { title: string; imageCount: number; cancelTo: string }) {
  return (
    <section className="card album-delete" aria-labelledby="album-delete-heading">
      <h2 id="album-delete-heading">Delete album</h2>
      <p>
        Delete the album &lsquo;{title}&rsquo;? It holds {imageCount === 1 ? "1 image" : `${imageCount} images`}.
      </p>
      <Form method="post" className="album-delete__choices">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" name="images" value="keep" className="button button--secondary">
          Delete the album, keep its images in the gallery
        </button>
        <button type="submit" name="images" value="delete" className="button button--danger">
          Delete the album and its images
        </button>
        <Link to={cancelTo} className="button button--secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
