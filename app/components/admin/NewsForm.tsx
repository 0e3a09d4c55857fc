import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { fieldsOf, ItemForm, type ItemFormProps } from "./ItemForm";
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
  const field = fieldsOf(form, NEWS_LABELS);
  return (
    <ItemForm form={form} submitLabel={form.intent === "create" ? "Create News Item" : "Update News Item"}>
      <TextField {...field("title")} required />
      <TextField {...field("publishedAt")} type="date" required />
      <RichTextField {...field("content")} />
      <ImageUploadField {...field("imageUrl")} flow="news" />
    </ItemForm>
  );
}
