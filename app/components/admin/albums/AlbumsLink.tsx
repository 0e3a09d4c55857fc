import { Link } from "@remix-run/react";
import { ALBUMS_ADMIN_PATH } from "~/lib/paths/albums";

/** Manage Gallery's way to the albums (docs/product.md, 'Photos'). */
export function AlbumsLink() {
  return (
    <p className="admin-albums-link">
      <Link to={ALBUMS_ADMIN_PATH}>Albums</Link>: group images by event, order them, choose a cover.
    </p>
  );
}
