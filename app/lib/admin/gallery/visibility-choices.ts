import { ALBUM_VISIBILITIES, VISIBILITY_LABELS } from "../../../../common/albums";

/** The album form's choices of who can see it (docs/product.md, 'Photos'). */
export const VISIBILITY_CHOICES = ALBUM_VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }));
