import { useForm, type SubmissionResult } from "@conform-to/react";
import { conformField } from "./Field";

interface Options<K extends string> {
  /** The form's id, unique on the page; Conform makes its fields' ids from it. */
  id: string;
  /** What the fields start from: a stored item, or an empty one. */
  values: Record<K, string>;
  /** The action's reply when this very form failed (replyOf): what was typed, every field's problem. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** The fields' labels, by name. */
  labels: Record<K, string>;
}

/**
 * An admin form on Conform: every field's problem shows at once, beside its field, with
 * and without JavaScript. The schema is the server's alone (app/lib/admin/forms/schemas.server.ts),
 * so zod stays out of the page. `field(name)` is what each field takes, e.g.
 * `<TextField {...field("name")} />`.
 */
export function useAdminForm<K extends string>({ id, values, lastResult, labels }: Options<K>) {
  const [form, fields] = useForm<Record<string, string>>({ id, defaultValue: values, lastResult });
  const field = (name: K) => conformField(fields[name], labels[name]);
  return { formId: form.id, field };
}
