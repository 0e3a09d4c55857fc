import { Form, Link, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { useListPage } from "~/lib/admin/forms/list-screen";
import { dialogHref } from "~/lib/dialog-state";
import { useHydrated } from "~/lib/use-hydrated";

interface Props {
  id: string;
  /** Names the item for screen readers ("Edit" alone repeats on every row). */
  name: string;
  /**
   * The browser confirm() question Delete asks with JavaScript (the gallery, docs/product.md, 'Screens and routes');
   * without JavaScript, and on lists without one, Delete opens the ?delete=ID dialog.
   */
  confirm?: string;
  /**
   * A line the browser confirm adds beneath `confirm`, asked for when Delete is pressed
   * (the gallery names what else shows the image, docs/product.md, 'Takedown').
   */
  confirmNote?: (id: string) => Promise<string | null>;
}

/** Edit and Delete for one item of an admin list: Edit opens the URL-state dialog. */
export function ItemActions({ id, name, confirm, confirmNote }: Props) {
  const hydrated = useHydrated();
  const listPage = useListPage();
  const submit = useSubmit();
  const label = <span className="visually-hidden"> {name}</span>;
  const askFirst = (event: FormEvent<HTMLFormElement>) => {
    if (!confirm) return;
    if (!confirmNote) {
      if (!window.confirm(confirm)) event.preventDefault();
      return;
    }
    // The note is read first, then the question asked, then the form sent as it would be.
    event.preventDefault();
    const form = event.currentTarget;
    void confirmNote(id).then((note) => {
      if (window.confirm(note ? `${confirm}\n\n${note}` : confirm)) submit(form);
    });
  };
  return (
    <div className="admin-item__actions">
      <Link to={dialogHref(listPage, "edit", id)} className="button button--small button--secondary" preventScrollReset>
        Edit{label}
      </Link>
      {confirm && hydrated ? (
        <Form method="post" onSubmit={askFirst}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="button button--small button--danger">
            Delete{label}
          </button>
        </Form>
      ) : (
        <Link
          to={dialogHref(listPage, "delete", id)}
          className="button button--small button--danger"
          preventScrollReset
        >
          Delete{label}
        </Link>
      )}
    </div>
  );
}
