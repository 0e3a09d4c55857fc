import type { Notice } from "../notifications";
import { typedValues, useDialogState, useListPage, useListReloading } from "./dialogs";

/**
 * What an admin list's action answered when a save failed (mutation.server.ts's
 * ActionFailure, as the page receives it): the notice, the field errors, what was typed.
 */
export interface FailedSave {
  notice: Notice | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** What a create or edit dialog hands its form (news, events, gallery). */
export interface ItemFormState<V> {
  intent: "create" | "update";
  id?: string;
  /** A stored item, an empty one, or what was typed before a failed save. */
  values: V;
  fieldErrors?: Record<string, string>;
  /** The list page the form's Cancel (and a dialog's close) leads back to. */
  closeTo: string;
}

/** A form's values: one string per field, keyed by the field names the action reads. */
export type FormValues<V> = { [K in keyof V]: string };

interface Options<T, V extends FormValues<V>> {
  /** The list's own address, e.g. /admin/news. */
  listPath: string;
  /** The page of the list on screen. */
  items: readonly T[];
  /** The item ?edit=ID or ?delete=ID names when it is not on this page (the loader reads it). */
  linked: T | null;
  failed: FailedSave | undefined;
  /** The create form's values; its keys are the form's fields. */
  blank: V;
  /** An item as its edit form shows it. */
  stored: (item: T) => V;
}

export interface ListScreen<T, V> {
  /** The list page on screen: every dialog opens on it and closes back to it. */
  here: string;
  /** The list is being read again after a change, so it is shown busy. */
  reloading: boolean;
  /** ?new: the create form. */
  creating: ItemFormState<V> | null;
  /** ?edit=ID of an item that exists: its form. */
  editing: (ItemFormState<V> & { id: string }) | null;
  /** ?delete=ID of an item that exists: the item the confirmation names. */
  deleting: T | null;
}

/**
 * The state of an admin list screen's dialogs, all of it read from the URL and the
 * action's answer, so it holds with and without JavaScript (docs/architecture.md, 'The web app (app/)'):
 * which dialog is open, the item it is about, the values its form shows (what was
 * typed before a failed save of that very form, else the stored or blank item) and the
 * field errors of that form.
 */
export function useListScreen<T extends { id: string }, V extends FormValues<V>>(
  options: Options<T, V>,
): ListScreen<T, V> {
  const { listPath, items, linked, failed, blank, stored } = options;
  const dialog = useDialogState();
  const here = useListPage();
  const reloading = useListReloading(listPath);

  const fields = Object.keys(blank) as (keyof V & string)[];
  // Typed values are the form's own fields, so they are the form's values.
  const typed = (intent: string, id?: string) => typedValues(failed?.values, { intent, id }, fields) as V | null;
  // A failed save's field errors belong to the form of its intent.
  const fieldErrors = (intent: string) => (failed?.values.intent === intent ? failed.fieldErrors : undefined);
  const chosen =
    dialog.kind === "edit" || dialog.kind === "delete"
      ? (items.find((item) => item.id === dialog.id) ?? (linked?.id === dialog.id ? linked : null))
      : null;

  return {
    here,
    reloading,
    creating:
      dialog.kind === "new"
        ? { intent: "create", values: typed("create") ?? blank, fieldErrors: fieldErrors("create"), closeTo: here }
        : null,
    editing:
      dialog.kind === "edit" && chosen
        ? {
            intent: "update",
            id: chosen.id,
            values: typed("update", chosen.id) ?? stored(chosen),
            fieldErrors: fieldErrors("update"),
            closeTo: here,
          }
        : null,
    deleting: dialog.kind === "delete" ? chosen : null,
  };
}
