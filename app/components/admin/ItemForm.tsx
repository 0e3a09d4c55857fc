import { Form, Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import type { FormValues, ItemFormState } from "~/lib/admin/forms/list-screen";
import { EditConflictPanel } from "./EditConflictPanel";
import type { FieldOfForm } from "./Field";
import { PublishButtons, PublishTimeField } from "./PublishControls";
import { SubmitButton } from "./SubmitButton";
import { useAdminForm } from "./use-admin-form";

/** The form's own fields of a reply's typed values, where they are text. */
function typedStrings<V extends FormValues<V>>(
  typed: Record<string, unknown> | null | undefined,
  values: V,
): Partial<V> {
  const kept = Object.keys(values).filter((name) => typeof typed?.[name] === "string");
  return Object.fromEntries(kept.map((name) => [name, typed?.[name]])) as Partial<V>;
}

/** What the create/edit dialogs of the admin lists pass their form (useListScreen's state). */
export type ItemFormProps<V> = ItemFormState<V>;

/** A list's form on Conform (useAdminForm), its id made of its intent and item. */
export function useItemForm<V extends FormValues<V>>(form: ItemFormState<V>, labels: Record<keyof V & string, string>) {
  const id = form.id ? `${form.intent}-${form.id}` : form.intent;
  return useAdminForm<keyof V & string>({
    // A save refused over a colleague's is a new form (ItemForm draws it afresh), which starts
    // from what was typed, with what only the colleague changed as they left it.
    id: form.conflict ? `${id}-over-${form.conflict.version ?? ""}` : id,
    values: form.conflict
      ? { ...form.values, ...typedStrings(form.lastResult?.initialValue, form.values) }
      : form.values,
    lastResult: form.lastResult,
    labels,
  });
}

interface Props {
  /** The dialog's form: its intent, its item's id, where Cancel leads, and its publishing and refused save. */
  form: Pick<ItemFormState<unknown>, "intent" | "id" | "closeTo" | "publishing" | "conflict" | "lastResult">;
  /** The publish time's field, for a form with publishing states (useItemForm's field("publishAt")). */
  publishAt?: FieldOfForm;
  /** Conform's id of the form (useItemForm's formId). */
  formId: string;
  /** e.g. 'Create Event' or 'Update Event'. */
  submitLabel: string;
  /** What the button reads while the form is sent; 'Saving...' unless the list says otherwise. */
  pendingLabel?: string;
  /** Why the button waits (the gallery's missing image): shown above it, and it is disabled. */
  blockedBy?: string | null;
  children: ReactNode;
}

/**
 * The frame every list form shares (news, events, gallery): the intent and id the
 * action reads, the fields, and Cancel / submit. Multipart, so a file chosen without
 * JavaScript goes with it. News and events add their publishing (docs/product.md,
 * 'Publishing'): the time 'Schedule…' takes, 'Save draft' and 'Schedule…' after the
 * submit button, and, after a save refused as stale, the other version above the fields.
 */
export function ItemForm(props: Props) {
  const { form, formId, submitLabel, pendingLabel = "Saving...", blockedBy, publishAt, children } = props;
  const { intent, id, closeTo } = form;
  const blockedId = useId();
  // After a refused save the version and state are the ones it was refused with (a conflict's: theirs).
  const typed = form.lastResult?.initialValue;
  const publishing = form.publishing && {
    ...form.publishing,
    ...(typeof typed?.version === "string" ? { version: typed.version } : {}),
    ...(typeof typed?.state === "string" ? { state: typed.state } : {}),
  };
  return (
    <Form
      key={formId}
      id={formId}
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      className="admin-form"
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {form.conflict ? <EditConflictPanel conflict={form.conflict} /> : null}
      {children}
      {publishing && publishAt ? <PublishTimeField publishing={publishing} publishAt={publishAt} /> : null}
      {blockedBy ? (
        <p id={blockedId} className="field__hint">
          {blockedBy}
        </p>
      ) : null}
      <div className="form-actions">
        <Link to={closeTo} className="button button--secondary" preventScrollReset replace>
          Cancel
        </Link>
        <SubmitButton
          pendingLabel={pendingLabel}
          intent={intent}
          disabled={Boolean(blockedBy)}
          aria-describedby={blockedBy ? blockedId : undefined}
        >
          {submitLabel}
        </SubmitButton>
        {publishing && publishAt ? <PublishButtons intent={intent} /> : null}
      </div>
    </Form>
  );
}
