import { TextField } from "./Field";
import { ItemForm, useItemForm, type ItemFormProps } from "./ItemForm";
import { TERM_LABELS } from "~/lib/admin/terms/term-words";
import type { FormValues } from "~/lib/admin/forms/list-screen";

/** One string per field; the days are YYYY-MM-DD, as a date input gives them. */
export type TermFormValues = FormValues<typeof TERM_LABELS>;

/** Add or change one stretch of term time (docs/product.md, 'Term dates'). */
export function TermForm(form: ItemFormProps<TermFormValues>) {
  const { formId, field } = useItemForm(form, TERM_LABELS);
  return (
    <ItemForm form={form} formId={formId} submitLabel={form.intent === "create" ? "Add term dates" : "Save term dates"}>
      <TextField {...field("name")} hint="e.g. Autumn 1" required />
      <TextField {...field("startDate")} type="date" required />
      <TextField {...field("endDate")} type="date" hint="Included: the last day of term time." required />
    </ItemForm>
  );
}
