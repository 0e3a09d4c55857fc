import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ResponsiveImage";

/** What an album's card shows (made on the server: lib/gallery/albums.server.ts). */
export interface AlbumCardData {
  id: string;
  title: string;
  dateText: string;
  imageCount: number;
  coverImageUrl: string | null;
  href: string;
  /** 'Parents only' on a parents-only album's card. */
  mark: string | null;
}

const countText = (count: number) => (count === 1 ? "1 image" : `${count} images`);

/** Albums as cards: cover, title, date and how many images each holds. */
export function AlbumCards({ albums, headingLevel = 2 }: { albums: AlbumCardData[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    // Its own class, not .gallery-grid: that is the grid of images (docs/product.md, 'Gallery (/gallery)').
    <ul className="album-grid">
      {albums.map((album, index) => (
        <li key={album.id} className="gallery-item album-card">
          <Link to={album.href} className="album-card__link" data-album-id={album.id}>
            {album.coverImageUrl ? (
              <ResponsiveImage
                className="album-card__cover"
                src={album.coverImageUrl}
                alt=""
                width={480}
                height={360}
                sizes="(max-width: 48rem) 50vw, 25vw"
                // Album cards start the page (/gallery, /gallery/albums): the first cover is fetched at once.
                priority={index === 0}
              />
            ) : (
              <span className="album-card__cover album-card__cover--empty" aria-hidden="true" />
            )}
            <Heading className="album-card__title">{album.title}</Heading>
            {album.mark ? <span className="album-card__mark">{album.mark}</span> : null}
          </Link>
          <p className="album-card__meta">
            {album.dateText} · {countText(album.imageCount)}
          </p>
        </li>
      ))}
    </ul>
  );
}
