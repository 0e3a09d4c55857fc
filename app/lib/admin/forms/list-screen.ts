import type { SubmissionResult } from "@conform-to/react";
import { useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { pageNumberOf } from "../../paging/page-number";
import { replyOf, type FormFailure } from "./form-failure";
import type { EditConflict } from "../publishing/conflict";
import { listHref, stateFilterOf, type PublishState } from "../publishing/states";

/** What a create or edit dialog hands its form (news, events, gallery). */
export interface ItemFormState<V> {
  intent: "create" | "update";
  id?: string;
  /** A stored item or an empty one. */
  values: V;
  /** The action's reply when a save of this very form failed: its problems and what was typed. */
  lastResult?: SubmissionResult<string[]>;
  /** The list page the form's Cancel (and a dialog's close) leads back to. */
  closeTo: string;
  /** For items with publishing states (news, events): what the form carries and offers (publishing). */
  publishing?: FormPublishing;
  /** The save was refused as someone saved the item since: their version, beside the typed text. */
  conflict?: EditConflict;
  /**
   * What an edit form shows of its item besides its fields, read-only, by what it is (an
   * event's repeating series: `{ series: 'Repeats every week until 24 July 2027' }`).
   */
  about?: Readonly<Record<string, string>>;
}

/** The version and state a form was opened at (sent back with it), and the site's time zone the time is typed in. */
export interface FormPublishing {
  /** Empty for a new item. */
  version: string;
  state: string;
  timeZone: string;
}

/** A form's values: one string per field, keyed by the field names the action reads. */
export type FormValues<V> = { [K in keyof V]: string };

/** Which of a list's URL-state dialogs is open (?new, ?edit=ID, ?delete=ID). */
type ListDialog = { kind: "new" } | { kind: "edit"; id: string } | { kind: "delete"; id: string } | { kind: "none" };

function useListDialog(): ListDialog {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  const remove = params.get("delete");
  if (params.has("new")) return { kind: "new" };
  if (edit) return { kind: "edit", id: edit };
  if (remove) return { kind: "delete", id: remove };
  return { kind: "none" };
}

/**
 * The address of the list page on screen (its ?page=N and ?status= kept, its dialog dropped):
 * what a dialog opens on and closes back to, so the list behind it stays where it was.
 */
export function useListPage(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return listHref(pathname, stateFilterOf(params.get("status")), pageNumberOf(params.get("page")));
}

/** True while this list page's data is being fetched again during a client-side navigation. */
function useListReloading(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

interface Options<T, V extends FormValues<V>> {
  /** The list's own address, e.g. /admin/news. */
  listPath: string;
  /** The page of the list on screen. */
  items: readonly T[];
  /** The item ?edit=ID or ?delete=ID names when it is not on this page (the loader reads it). */
  linked: T | null;
  failed: FormFailure | undefined;
  /** The create form's values; its keys are the form's fields. */
  blank: V;
  /** An item as its edit form shows it. */
  stored: (item: T) => V;
  /** Items with publishing states: each one's version and state, and the site's time zone. */
  publishing?: { of: (item: T) => { version: number | null; status: PublishState }; timeZone: string };
  /** What an item's edit form shows of it besides its fields (ItemFormState's `about`). */
  about?: (item: T) => Readonly<Record<string, string>> | undefined;
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
 * action's answer, so it holds with and without JavaScript (docs/architecture.md, 'The
 * web app (app/)'): which dialog is open, the item it is about, the values its form
 * starts from and, after a failed save of that very form, the action's reply (its
 * problems and what was typed), which the form hands Conform.
 */
export function useListScreen<T extends { id: string }, V extends FormValues<V>>(
  options: Options<T, V>,
): ListScreen<T, V> {
  const { listPath, items, linked, failed, blank, stored, publishing, about } = options;
  const dialog = useListDialog();
  const here = useListPage();
  const reloading = useListReloading(listPath);
  // The item the loader read alone (an edit dialog's, read as it was opened) before its copy in the list.
  const chosen =
    dialog.kind === "edit" || dialog.kind === "delete"
      ? ((linked?.id === dialog.id ? linked : null) ?? items.find((item) => item.id === dialog.id) ?? null)
      : null;
  const formPublishing = (item: T | null): FormPublishing | undefined => {
    if (!publishing) return undefined;
    const opened = item ? publishing.of(item) : null;
    return { version: String(opened?.version ?? ""), state: opened?.status ?? "", timeZone: publishing.timeZone };
  };
  const conflictOf = (lastResult: unknown) => (lastResult && failed?.conflict ? { conflict: failed.conflict } : {});
  const createReply = replyOf(failed, "create");
  const editReply = chosen ? replyOf(failed, "update", chosen.id) : undefined;

  return {
    here,
    reloading,
    creating:
      dialog.kind === "new"
        ? {
            intent: "create",
            values: blank,
            lastResult: createReply,
            closeTo: here,
            publishing: formPublishing(null),
            ...conflictOf(createReply),
          }
        : null,
    editing:
      dialog.kind === "edit" && chosen
        ? {
            intent: "update",
            id: chosen.id,
            values: stored(chosen),
            lastResult: editReply,
            closeTo: here,
            publishing: formPublishing(chosen),
            ...conflictOf(editReply),
            about: about?.(chosen),
          }
        : null,
    deleting: dialog.kind === "delete" ? chosen : null,
  };
}
