import { Form, Link } from "@remix-run/react";
import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { SubmitButton } from "./SubmitButton";

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

interface Props {
  intent: "create" | "update";
  id?: string;
  values: EventFormValues;
  fieldErrors?: Record<string, string>;
  closeTo: string;
}

/** Create or edit one event; multipart, so a file chosen without JavaScript goes with it. */
export function EventForm({ intent, id, values, fieldErrors = {}, closeTo }: Props) {
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
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
      <ImageUploadField name="imageUrl" label="Image" flow="image" defaultValue={values.imageUrl} error={fieldErrors.imageUrl} />
      <div className="form-actions">
        <Link to={closeTo} className="button button--secondary" preventScrollReset replace>
          Cancel
        </Link>
        <SubmitButton pendingLabel="Saving..." intent={intent}>
          {intent === "create" ? "Create Event" : "Update Event"}
        </SubmitButton>
      </div>
    </Form>
  );
}
