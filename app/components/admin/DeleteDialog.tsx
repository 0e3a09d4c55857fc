import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { UrlDialog } from "~/components/UrlDialog";
import { SubmitButton } from "./SubmitButton";

/** What the confirmation asks about one item; each list words its own. */
export interface DeleteQuestion {
  /** 'Are you sure?' unless the list names its own step (the gallery's 'Delete Gallery Image'). */
  title?: string;
  /** 'Screens and routes' in docs/product.md sentence, e.g. 'This will permanently delete the event "{name}".' */
  message: string;
  /** What is about to go, shown under the question (the gallery's thumbnail and caption). */
  preview?: ReactNode;
  /** Choices sent with Delete, above the buttons (an occurrence's 'This event' / 'This and following' / …). */
  fields?: ReactNode;
}

interface Props extends DeleteQuestion {
  id: string;
  closeTo: string;
}

/** A confirmation with Cancel and Delete, for ?delete=ID on the admin lists. */
export function DeleteDialog({ id, title = "Are you sure?", message, preview, fields, closeTo }: Props) {
  const buttons = (
    <>
      <Link to={closeTo} className="button button--secondary" preventScrollReset replace>
        Cancel
      </Link>
      <SubmitButton className="button button--danger" pendingLabel="Deleting..." intent="delete">
        Delete
      </SubmitButton>
    </>
  );
  const sent = (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
    </>
  );
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <p className="confirm-text">{message}</p>
      {preview}
      {fields ? (
        <Form method="post" preventScrollReset>
          {sent}
          {fields}
          <div className="form-actions">{buttons}</div>
        </Form>
      ) : (
        <Form method="post" preventScrollReset className="form-actions">
          {sent}
          {buttons}
        </Form>
      )}
    </UrlDialog>
  );
}
