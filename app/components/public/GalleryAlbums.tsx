import { Link } from "@remix-run/react";
import { AlbumCards, type AlbumCardData } from "./AlbumCards";

/** /gallery's albums above its grid (docs/product.md, 'Photos'): the newest, and a link to all when there are more. */
export function GalleryAlbums({ albums, more }: { albums: AlbumCardData[]; more: boolean }) {
  if (albums.length === 0) return null;
  return (
    <section className="gallery-albums" aria-labelledby="gallery-albums-heading">
      <h2 id="gallery-albums-heading" className="section-title">
        Albums
      </h2>
      <AlbumCards albums={albums} headingLevel={3} />
      {more ? (
        <p className="gallery-albums__more">
          <Link to="/gallery/albums">All albums</Link>
        </p>
      ) : null}
    </section>
  );
}
