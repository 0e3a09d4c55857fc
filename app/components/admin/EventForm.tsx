import { TextField } from "./Field";
import { ImageDescriptionField } from "./ImageDescriptionField";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, useItemForm, type ItemFormProps } from "./ItemForm";
import { BookingFields } from "./bookings/BookingFields";
import { RepeatFields } from "./series/RepeatFields";
import { ScopeChoice } from "./series/ScopeChoice";
import { EVENT_LABELS } from "~/lib/admin/forms/labels";
import { BOOKING_LABELS } from "~/lib/admin/bookings/booking-words";
import type { FormValues } from "~/lib/admin/forms/list-screen";
import { PUBLISH_LABELS } from "~/lib/admin/publishing/states";
import { REPEAT_LABELS, SCOPE_FIELD, SCOPE_LEGENDS } from "~/lib/admin/series/series-words";

/**
 * The product spec's fields and, beside them, how parents book (docs/product.md, 'Bookings'),
 * the time a 'Schedule…' save publishes at (publishing), how a new event repeats, and which
 * occurrences of a repeating series a change reaches.
 */
export const EVENT_FORM_LABELS = {
  ...EVENT_LABELS,
  ...BOOKING_LABELS,
  ...PUBLISH_LABELS,
  ...REPEAT_LABELS,
  [SCOPE_FIELD]: SCOPE_LEGENDS.update,
};

/** One string per field; date is yyyy-MM-ddTHH:mm in the site's time zone. */
export type EventFormValues = FormValues<typeof EVENT_FORM_LABELS>;

/** What the 'This and following' and 'All' changes keep, said under the choice. */
const SCOPE_HINT = "Each event keeps its own day; the time and everything else change as typed here.";

/**
 * Create or edit one event. A new one may repeat; an occurrence of a series shows its rule
 * (`about.series`, read-only) and asks which occurrences the change reaches.
 */
export function EventForm(form: ItemFormProps<EventFormValues>) {
  const { formId, field } = useItemForm(form, EVENT_FORM_LABELS);
  const series = form.about?.series;
  const scope = field(SCOPE_FIELD);
  return (
    <ItemForm
      form={form}
      formId={formId}
      publishAt={field("publishAt")}
      submitLabel={form.intent === "create" ? "Create Event" : "Update Event"}
    >
      <TextField {...field("name")} required />
      <TextField {...field("date")} type="datetime-local" required />
      {form.intent === "create" ? <RepeatFields field={field} formId={formId} date={field("date")} /> : null}
      {series ? <p className="series-line">{series}</p> : null}
      <BookingFields field={field} bookingUrl={field("bookingUrl")} />
      <TextField {...field("comment")} rows={5} required />
      <TextField {...field("location")} />
      <TextField {...field("organiser")} />
      <ImageUploadField {...field("imageUrl")} flow="image" />
      <ImageDescriptionField {...field("imageAlt")} />
      {series ? (
        <ScopeChoice
          intent="update"
          idPrefix={formId}
          defaultValue={scope.defaultValue}
          error={scope.error}
          hint={SCOPE_HINT}
        />
      ) : null}
    </ItemForm>
  );
}
