import { TextField } from "./Field";
import { ImageDescriptionField } from "./ImageDescriptionField";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, useItemForm, type ItemFormProps } from "./ItemForm";
import { EVENT_LABELS } from "~/lib/admin/forms/labels";
import type { FormValues } from "~/lib/admin/forms/list-screen";

/** One string per field; date is yyyy-MM-ddTHH:mm in the site's time zone. */
export type EventFormValues = FormValues<typeof EVENT_LABELS>;

/** Create or edit one event. */
export function EventForm(form: ItemFormProps<EventFormValues>) {
  const { formId, field } = useItemForm(form, EVENT_LABELS);
  return (
    <ItemForm form={form} formId={formId} submitLabel={form.intent === "create" ? "Create Event" : "Update Event"}>
      <TextField {...field("name")} required />
      <TextField {...field("date")} type="datetime-local" required />
      <TextField {...field("bookingUrl")} type="url" placeholder="https://www.example.com/book" required />
      <TextField {...field("comment")} rows={5} required />
      <TextField {...field("location")} />
      <TextField {...field("organiser")} />
      <ImageUploadField {...field("imageUrl")} flow="image" />
      <ImageDescriptionField {...field("imageAlt")} />
    </ItemForm>
  );
}
