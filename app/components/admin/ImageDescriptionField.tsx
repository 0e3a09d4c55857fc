import { DESCRIPTION_LABEL, NO_NAMES_REMINDER } from "~/lib/admin/photo-texts";
import { TextField } from "./Field";

interface Props {
  /** The /api's field: imageAlt for news and events, altText for gallery images. */
  name: string;
  /** Unique on the page (Conform's field id on a list's form). */
  id: string;
  defaultValue?: string;
  error?: string;
  errorId?: string;
  hintId?: string;
}

/**
 * 'Image description' beside an image field (docs/product.md, 'Photos'), with the reminder not
 * to name children as its hint. A plain field, so it works without JavaScript.
 */
export function ImageDescriptionField(props: Props) {
  return <TextField {...props} label={DESCRIPTION_LABEL} hint={NO_NAMES_REMINDER} rows={2} />;
}
