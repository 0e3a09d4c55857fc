import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, type ItemFormProps } from "./ItemForm";
import { EVENT_LABELS } from "~/lib/admin/labels";

export interface EventFormValues {
  name: string;
  /** yyyy-MM-ddTHH:mm in the site's time zone. */
  date: string;
  bookingUrl: string;
  comment: string;
  location: string;
  organiser: string;
  imageUrl: string;
}

/** Create or edit one event. */
export function EventForm(form: ItemFormProps<EventFormValues>) {
  const { values, fieldErrors = {} } = form;
  return (
    <ItemForm form={form} submitLabel={form.intent === "create" ? "Create Event" : "Update Event"}>
      <TextField name="name" label={EVENT_LABELS.name} defaultValue={values.name} error={fieldErrors.name} required />
      <TextField
        name="date"
        label={EVENT_LABELS.date}
        type="datetime-local"
        defaultValue={values.date}
        error={fieldErrors.date}
        required
      />
      <TextField
        name="bookingUrl"
        label={EVENT_LABELS.bookingUrl}
        type="url"
        placeholder="https://www.example.com/book"
        defaultValue={values.bookingUrl}
        error={fieldErrors.bookingUrl}
        required
      />
      <TextField
        name="comment"
        label={EVENT_LABELS.comment}
        rows={5}
        defaultValue={values.comment}
        error={fieldErrors.comment}
        required
      />
      <TextField
        name="location"
        label={EVENT_LABELS.location}
        defaultValue={values.location}
        error={fieldErrors.location}
      />
      <TextField
        name="organiser"
        label={EVENT_LABELS.organiser}
        defaultValue={values.organiser}
        error={fieldErrors.organiser}
      />
      <ImageUploadField
        name="imageUrl"
        label={EVENT_LABELS.imageUrl}
        flow="image"
        defaultValue={values.imageUrl}
        error={fieldErrors.imageUrl}
      />
    </ItemForm>
  );
}
