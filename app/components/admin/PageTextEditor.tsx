import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import type { ActionFailure } from "~/lib/admin/mutation.server";
import type { Notice as NoticeData } from "~/lib/notifications";
import { AdminPage } from "./AdminPage";
import { TextField } from "./Field";
import { SubmitButton } from "./SubmitButton";

export interface PageTextField {
  name: string;
  label: string;
  /** A textarea of this many rows (docs/product.md, 'Business constants and limits'); without it, an e-mail input. */
  rows?: number;
  hint?: string;
}

export const PARAGRAPH_HINT = "Leave a blank line (press Enter twice) to start a new paragraph.";

interface Props {
  fields: readonly PageTextField[];
  /** The stored texts, or what the administrator typed when a save failed. */
  values: Record<string, string>;
  fieldErrors?: Record<string, string>;
  notice?: NoticeData | null;
}

/** The form of the two admin text pages: one card per field and 'Save Changes'. */
export function PageTextEditor({ fields, values, fieldErrors = {}, notice }: Props) {
  return (
    <Form method="post" className="text-editor">
      <AdminNotification notice={notice} />
      {fields.map((field) => (
        <div className="card" key={field.name}>
          <TextField
            name={field.name}
            label={field.label}
            largeLabel
            rows={field.rows}
            type={field.rows ? undefined : "email"}
            defaultValue={values[field.name] ?? ""}
            hint={field.hint ?? (field.rows ? PARAGRAPH_HINT : undefined)}
            error={fieldErrors[field.name]}
          />
        </div>
      ))}
      <div className="form-actions">
        <SubmitButton pendingLabel="Saving Changes...">Save Changes</SubmitButton>
      </div>
    </Form>
  );
}

/**
 * The whole screen of an admin text page, for a route whose loader is loadPageTexts
 * and whose action is savePageTexts: the stored texts, or what was typed when a save failed.
 */
export function PageTextScreen({ title, fields }: { title: string; fields: readonly PageTextField[] }) {
  const { content } = useLoaderData<{ content: Record<string, string> }>();
  const failed = useActionData<ActionFailure>();
  return (
    <AdminPage title={title}>
      <PageTextEditor
        fields={fields}
        values={failed?.values ?? content}
        fieldErrors={failed?.fieldErrors}
        notice={failed?.notice}
      />
    </AdminPage>
  );
}
