import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, type ItemFormProps } from "./ItemForm";
import { RichTextField } from "./RichTextField";
import { NEWS_LABELS } from "~/lib/admin/labels";

/** What the form shows: a stored item, an empty one, or what was typed before a failed save. */
export interface NewsFormValues {
  title: string;
  /** yyyy-MM-dd in the site's time zone. */
  publishedAt: string;
  content: string;
  imageUrl: string;
}

/** Create or edit one news item. */
export function NewsForm(form: ItemFormProps<NewsFormValues>) {
  const { values, fieldErrors = {} } = form;
  return (
    <ItemForm form={form} submitLabel={form.intent === "create" ? "Create News Item" : "Update News Item"}>
      <TextField
        name="title"
        label={NEWS_LABELS.title}
        defaultValue={values.title}
        error={fieldErrors.title}
        required
      />
      <TextField
        name="publishedAt"
        label={NEWS_LABELS.publishedAt}
        type="date"
        defaultValue={values.publishedAt}
        error={fieldErrors.publishedAt}
        required
      />
      <RichTextField
        name="content"
        label={NEWS_LABELS.content}
        defaultValue={values.content}
        error={fieldErrors.content}
      />
      <ImageUploadField
        name="imageUrl"
        label={NEWS_LABELS.imageUrl}
        flow="news"
        defaultValue={values.imageUrl}
        error={fieldErrors.imageUrl}
      />
    </ItemForm>
  );
}
