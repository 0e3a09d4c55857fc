import type { PublishState } from "./states";

/** One value as the dialog shows it: text, or sanitised rich text. */
export interface ShownValue {
  text?: string;
  /** Rich text, sanitised on the server as the list shows it. */
  html?: string;
}

/** A field both people changed, shown side by side with a choice (docs/product.md, 'Publishing', 'No edit lost'). */
export interface ConflictField {
  /** The form's field (and the /api's): `title`, `content`…; `status` for the state. */
  name: string;
  label: string;
  mine: ShownValue;
  theirs: ShownValue;
  /**
   * Their value as the form holds it, sent back when 'Keep theirs' is chosen: one input's,
   * or each input's of a field the form holds in several (an event's booking: its mode,
   * places…). Absent for the state, which the button the form is saved with decides.
   */
  theirsValue?: string | Readonly<Record<string, string>>;
}

/**
 * A save refused because someone saved the item since the form was opened and both
 * changed a field: the /api's sentence, the fields both changed (each with a choice),
 * and the labels of the fields only they changed, which the form now holds as they left them.
 */
export interface EditConflict {
  /** 'This was changed by {name} at {time} since you opened it.' */
  message: string;
  conflicts: ConflictField[];
  /** The labels of the fields only they changed: kept, and shown in the form. */
  kept: string[];
  /** Their version: the form carries it from now on, with the choices made over it. */
  version: number | null;
  status: PublishState;
  /** The version the refused save was typed over: a save without every choice is merged over it again. */
  base: string;
}

/** The form's hidden fields that carry a conflict's choices: which fields, and each one's other value. */
export const CONFLICT_FIELDS = "conflicts";
export const CONFLICT_BASE = "conflictBase";
export const keepField = (name: string) => `keep-${name}`;
export const theirsField = (name: string) => `theirs-${name}`;
/** The hidden input holding their value of one of the inputs a field is held in: `theirs-booking.places`. */
export const theirsPartField = (name: string, input: string) => `${theirsField(name)}.${input}`;
