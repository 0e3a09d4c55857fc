import { Link, useSearchParams } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import { Pager } from "~/components/Pager";
import { UrlDialog } from "~/components/UrlDialog";
import type { FormFailure } from "~/lib/admin/forms/form-failure";
import { useListScreen, type FormValues, type ItemFormState } from "~/lib/admin/forms/list-screen";
import type { PageInfo } from "~/lib/paging/pages";
import { AdminNotification } from "./AdminNotification";
import { AdminPage } from "./AdminPage";
import { DeleteDialog, type DeleteQuestion } from "./DeleteDialog";
import { ListLoading } from "./ListLoading";
import { StateFilter } from "./StateFilter";
import { EMPTY_STATE_WORDS, listHref, stateFilterOf, type PublishState } from "~/lib/admin/publishing/states";

/** The create and edit dialogs of one list: its form, their titles, the values they start from. */
export interface ListForms<T, V> {
  Form: ComponentType<ItemFormState<V>>;
  /** e.g. 'Create News Item'. */
  createTitle: string;
  /** e.g. 'Edit News Item'. */
  editTitle: string;
  /** The create form's values (its keys are the form's fields). */
  blank: V;
  /** An item as its edit form shows it. */
  stored: (item: T) => V;
  /**
   * Items with publishing states (news, events; publishing): each one's
   * version and state, which its form carries, and the site's time zone its time is typed in.
   */
  publishing?: { of: (item: T) => { version: number | null; status: PublishState }; timeZone: string };
  /** What an item's edit form shows of it besides its fields, read-only (an event's repeating series). */
  about?: (item: T) => Readonly<Record<string, string>> | undefined;
}

interface Props<T, V> {
  /** The page's h1, e.g. 'Manage News'. */
  title: string;
  /** The link beside it that opens ?new, e.g. 'Add News Item'. */
  addLabel: string;
  /** More links beside it (the gallery's 'Add Images'). */
  moreActions?: ReactNode;
  /** The list's own address, e.g. /admin/news. */
  listPath: string;
  /** The loader's page of the list, the item a dialog names when it is not on it, the paging. */
  items: readonly T[];
  chosen: T | null;
  paging: PageInfo;
  /** 'Last edited by {name}, {date}' by item id, for the edit dialog (docs/product.md, 'The committee'); an addition to the SPEC's dialog. */
  lastEdits?: Readonly<Record<string, string>>;
  /** The action's answer to a failed save. */
  failed: FormFailure | undefined;
  forms: ListForms<T, V>;
  /** What ?delete=ID asks about an item. */
  deleteQuestion: (item: T) => DeleteQuestion;
  /** e.g. 'Loading news items...' (docs/product.md, 'Screens and routes'). */
  loadingText: string;
  /** Shown instead of the list when it has no items. */
  empty: ReactNode;
  /** What the pager's links name, e.g. 'news items'. */
  noun: string;
  /** The list itself, marked busy while it is read again. */
  children: (busy: boolean) => ReactNode;
}

/**
 * The skeleton of Manage News, Manage Events and Manage Gallery: the page with its Add
 * link, the action's notification, the URL-state dialogs (create, edit, delete; the
 * state itself is useListScreen's), the loading line, the list or its empty text, and
 * the pager. Each route supplies its words, its form and how it draws its items.
 */
export function AdminListScreen<T extends { id: string }, V extends FormValues<V>>(props: Props<T, V>) {
  const { forms, failed } = props;
  const screen = useListScreen({
    listPath: props.listPath,
    items: props.items,
    linked: props.chosen,
    failed,
    blank: forms.blank,
    stored: forms.stored,
    publishing: forms.publishing,
    about: forms.about,
  });
  const [params] = useSearchParams();
  const state = forms.publishing ? stateFilterOf(params.get("status")) : null;
  const { Form } = forms;
  const { here } = screen;

  return (
    <AdminPage
      title={props.title}
      actions={
        <>
          <Link to="?new" className="button" preventScrollReset>
            {props.addLabel}
          </Link>
          {props.moreActions}
        </>
      }
    >
      <AdminNotification notice={failed?.notice} />

      {screen.creating ? (
        <UrlDialog title={forms.createTitle} closeTo={here}>
          <Form {...screen.creating} />
        </UrlDialog>
      ) : null}
      {screen.editing ? (
        <UrlDialog title={forms.editTitle} closeTo={here}>
          {props.lastEdits?.[screen.editing.id] ? (
            <p className="field__hint last-edited">{props.lastEdits[screen.editing.id]}</p>
          ) : null}
          {/* Keyed by the item, so a form never keeps another item's state. */}
          <Form key={screen.editing.id} {...screen.editing} />
        </UrlDialog>
      ) : null}
      {screen.deleting ? (
        <DeleteDialog id={screen.deleting.id} closeTo={here} {...props.deleteQuestion(screen.deleting)} />
      ) : null}

      {forms.publishing ? <StateFilter listPath={props.listPath} noun={props.noun} /> : null}
      <ListLoading active={screen.reloading}>{props.loadingText}</ListLoading>
      {props.items.length === 0 ? (
        state ? (
          <p className="empty-text">{EMPTY_STATE_WORDS[state]}</p>
        ) : (
          props.empty
        )
      ) : (
        props.children(screen.reloading)
      )}
      <Pager hrefOf={(page) => listHref(props.listPath, state, page)} noun={props.noun} {...props.paging} />
    </AdminPage>
  );
}
