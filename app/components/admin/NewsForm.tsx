import { TextField } from "./Field";
import { ImageDescriptionField } from "./ImageDescriptionField";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, useItemForm, type ItemFormProps } from "./ItemForm";
import { RichTextField } from "./RichTextField";
import { NEWS_LABELS } from "~/lib/admin/forms/labels";
import type { FormValues } from "~/lib/admin/forms/list-screen";
import { PUBLISH_LABELS } from "~/lib/admin/publishing/states";

/** The product spec's fields and, beside them, the time a 'Schedule…' save publishes at. */
export const NEWS_FORM_LABELS = { ...NEWS_LABELS, ...PUBLISH_LABELS };

/**
 * What the form shows, one string per field: a stored item, an empty one, or what was
 * typed before a failed save. publishedAt is yyyy-MM-dd in the site's time zone.
 */
export type NewsFormValues = FormValues<typeof NEWS_FORM_LABELS>;

/** Create or edit one news item. */
export function NewsForm(form: ItemFormProps<NewsFormValues>) {
  const { formId, field } = useItemForm(form, NEWS_FORM_LABELS);
  return (
    <ItemForm
      form={form}
      formId={formId}
      publishAt={field("publishAt")}
      submitLabel={form.intent === "create" ? "Create News Item" : "Update News Item"}
    >
      <TextField {...field("title")} required />
      <TextField {...field("publishedAt")} type="date" required />
      <RichTextField {...field("content")} />
      <ImageUploadField {...field("imageUrl")} flow="news" />
      <ImageDescriptionField {...field("imageAlt")} />
    </ItemForm>
  );
}
