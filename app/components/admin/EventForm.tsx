import { TextField } from "./Field";
import { ImageDescriptionField } from "./ImageDescriptionField";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, useItemForm, type ItemFormProps } from "./ItemForm";
import { BookingFields } from "./bookings/BookingFields";
import { EVENT_LABELS } from "~/lib/admin/forms/labels";
import { BOOKING_LABELS } from "~/lib/admin/bookings/booking-words";
import type { FormValues } from "~/lib/admin/forms/list-screen";
import { PUBLISH_LABELS } from "~/lib/admin/publishing/states";

/**
 * The product spec's fields and, beside them, how parents book (docs/product.md, 'Bookings')
 * and the time a 'Schedule…' save publishes at (publishing).
 */
export const EVENT_FORM_LABELS = { ...EVENT_LABELS, ...BOOKING_LABELS, ...PUBLISH_LABELS };

/** One string per field; date is yyyy-MM-ddTHH:mm in the site's time zone. */
export type EventFormValues = FormValues<typeof EVENT_FORM_LABELS>;

/** Create or edit one event. */
export function EventForm(form: ItemFormProps<EventFormValues>) {
  const { formId, field } = useItemForm(form, EVENT_FORM_LABELS);
  return (
    <ItemForm
      form={form}
      formId={formId}
      publishAt={field("publishAt")}
      submitLabel={form.intent === "create" ? "Create Event" : "Update Event"}
    >
      <TextField {...field("name")} required />
      <TextField {...field("date")} type="datetime-local" required />
      <BookingFields field={field} bookingUrl={field("bookingUrl")} />
      <TextField {...field("comment")} rows={5} required />
      <TextField {...field("location")} />
      <TextField {...field("organiser")} />
      <ImageUploadField {...field("imageUrl")} flow="image" />
      <ImageDescriptionField {...field("imageAlt")} />
    </ItemForm>
  );
}
