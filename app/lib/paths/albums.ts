/*
 * Where the albums live (docs/product.md, 'Photos'), public and admin; plain values, safe in
 * the browser bundle. Apart from site.ts, which every page's script carries: only the pages
 * that link to an album load these.
 */

/** The list of all albums, and one album's public page. */
export const ALBUMS_PATH = "/gallery/albums";
export function albumPagePath(id: string): string {
  return `${ALBUMS_PATH}/${encodeURIComponent(id)}`;
}

/** The numbered sitemap of the public albums (app/lib/public/sitemap-parts.server.ts). */
export const SITEMAP_ALBUMS_PATH = "/sitemap-albums.xml";

/** The admin's albums, and one album's admin screen. */
export const ALBUMS_ADMIN_PATH = "/admin/gallery/albums";
export const albumAdminPath = (id: string) => `${ALBUMS_ADMIN_PATH}/${encodeURIComponent(id)}`;
