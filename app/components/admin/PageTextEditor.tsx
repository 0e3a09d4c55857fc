import { useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import type { FormFailure } from "~/lib/admin/forms/form-failure";
import { AdminPage } from "./AdminPage";
import { conformField, TextField } from "./Field";
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
  /** The stored texts. */
  content: Record<string, string>;
  /** The action's answer when a save failed: its notice, and what was typed with every field's problem. */
  failed?: FormFailure;
}

/** The form of the two admin text pages: one card per field and 'Save Changes', on Conform. */
export function PageTextEditor({ fields, content, failed }: Props) {
  const [form, conform] = useForm<Record<string, string>>({
    id: "page-texts",
    defaultValue: content,
    lastResult: failed?.result,
  });
  return (
    <Form id={form.id} method="post" className="text-editor">
      <AdminNotification notice={failed?.notice} />
      {fields.map((field) => (
        <div className="card" key={field.name}>
          <TextField
            {...conformField(conform[field.name], field.label)}
            largeLabel
            rows={field.rows}
            type={field.rows ? undefined : "email"}
            hint={field.hint ?? (field.rows ? PARAGRAPH_HINT : undefined)}
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
  const failed = useActionData<FormFailure>();
  return (
    <AdminPage title={title}>
      <PageTextEditor fields={fields} content={content} failed={failed} />
    </AdminPage>
  );
}
