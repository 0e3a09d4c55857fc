import { ALBUM_VISIBILITIES, VISIBILITY_LABELS } from "../../../common/albums";

/** Where the admin's albums live (docs/product.md, 'Photos'); plain values, safe in the browser bundle. */
export const ALBUMS_ADMIN_PATH = "/admin/gallery/albums";
export const albumAdminPath = (id: string) => `${ALBUMS_ADMIN_PATH}/${encodeURIComponent(id)}`;

/** The album form's choices of who can see it. */
export const VISIBILITY_CHOICES = ALBUM_VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }));
