import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, type ItemFormProps } from "./ItemForm";

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
export function EventForm({ intent, id, values, fieldErrors = {}, closeTo }: ItemFormProps<EventFormValues>) {
  return (
    <ItemForm
      intent={intent}
      id={id}
      closeTo={closeTo}
      submitLabel={intent === "create" ? "Create Event" : "Update Event"}
    >
      <TextField name="name" label="Name" defaultValue={values.name} error={fieldErrors.name} required />
      <TextField
        name="date"
        label="Date"
        type="datetime-local"
        defaultValue={values.date}
        error={fieldErrors.date}
        required
      />
      <TextField
        name="bookingUrl"
        label="Booking URL"
        type="url"
        placeholder="https://www.example.com/book"
        defaultValue={values.bookingUrl}
        error={fieldErrors.bookingUrl}
        required
      />
      <TextField
        name="comment"
        label="Description"
        rows={5}
        defaultValue={values.comment}
        error={fieldErrors.comment}
        required
      />
      <TextField name="location" label="Location" defaultValue={values.location} error={fieldErrors.location} />
      <TextField name="organiser" label="Organiser" defaultValue={values.organiser} error={fieldErrors.organiser} />
      <ImageUploadField
        name="imageUrl"
        label="Image"
        flow="image"
        defaultValue={values.imageUrl}
        error={fieldErrors.imageUrl}
      />
    </ItemForm>
  );
}
