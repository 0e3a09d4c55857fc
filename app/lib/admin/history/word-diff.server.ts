import { diffWords } from "diff";
import { richTextToPlain } from "../../sanitize.server";
import { bookingWordsOfStored } from "../bookings/booking-settings.server";
import type { HistoryField } from "./subjects";

/** One run of words of a changed field: kept, added or removed. Text only: the screen never renders it as HTML. */
export interface DiffPart {
  change: "same" | "added" | "removed";
  text: string;
}

export interface FieldChange {
  name: string;
  label: string;
  parts: DiffPart[];
}

/** A field's value as words: rich text as its plain text, booking settings told, so the difference is of what people read. */
function wordsOf(field: HistoryField, value: string, timeZone: string): string {
  if (field.booking) return bookingWordsOfStored(value, timeZone);
  return field.rich ? richTextToPlain(value) : value;
}

/**
 * What changed from `before` (the revision before, or none for the first) to `after`:
 * each changed field's word-level difference, in the form's order. Unchanged fields are
 * left out, and so is a field one of them does not hold (kept before the field was, as an
 * event's booking settings were at first): nobody can tell what it changed.
 */
export function fieldChanges(
  fields: readonly HistoryField[],
  before: Record<string, string> | null,
  after: Record<string, string>,
  timeZone: string,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if ((before !== null && !Object.hasOwn(before, field.name)) || !Object.hasOwn(after, field.name)) continue;
    const old = wordsOf(field, before?.[field.name] ?? "", timeZone);
    const now = wordsOf(field, after[field.name] ?? "", timeZone);
    if (old === now) continue;
    const parts = diffWords(old, now).map((part): DiffPart => ({
      change: part.added ? "added" : part.removed ? "removed" : "same",
      text: part.value,
    }));
    changes.push({ name: field.name, label: field.label, parts });
  }
  return changes;
}
