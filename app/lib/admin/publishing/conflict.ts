import type { PublishState } from "./states";

/** One field of the other version, as the dialog shows it beside the form: text, or sanitised rich text. */
export interface ShownField {
  label: string;
  text?: string;
  /** Rich text, sanitised on the server as the list shows it. */
  html?: string;
}

/**
 * A save refused because someone saved the item since the form was opened (docs/product.md,
 * 'Publishing', 'No edit lost'): the /api's sentence, and their version, shown beside the
 * typed text so nobody's work is overwritten in silence.
 */
export interface EditConflict {
  /** 'This was changed by {name} at {time} since you opened it.' */
  message: string;
  /** The item as it now stands. */
  fields: ShownField[];
  /** Its version: the form carries it from now on, so saving again keeps the typed text. */
  version: number | null;
  status: PublishState;
}
