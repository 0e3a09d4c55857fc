import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "./SubmitButton";

/** What the create/edit dialogs of Manage News and Manage Events pass their form. */
export interface ItemFormProps<V> {
  intent: "create" | "update";
  id?: string;
  /** A stored item, an empty one, or what was typed before a failed save. */
  values: V;
  fieldErrors?: Record<string, string>;
  closeTo: string;
}

interface Props {
  intent: "create" | "update";
  id?: string;
  closeTo: string;
  /** e.g. 'Create Event' or 'Update Event'. */
  submitLabel: string;
  children: ReactNode;
}

/**
 * The frame both list forms share: the intent and id the action reads, the fields, and
 * Cancel / submit. Multipart, so a file chosen without JavaScript goes with it.
 */
export function ItemForm({ intent, id, closeTo, submitLabel, children }: Props) {
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {children}
      <div className="form-actions">
        <Link to={closeTo} className="button button--secondary" preventScrollReset replace>
          Cancel
        </Link>
        <SubmitButton pendingLabel="Saving..." intent={intent}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
