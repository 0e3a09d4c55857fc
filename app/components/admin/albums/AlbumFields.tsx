import { Field, TextField } from "~/components/admin/Field";

export interface AlbumFieldValues {
  title: string;
  date: string;
  eventId: string;
  visibility: string;
}

interface Props {
  values: AlbumFieldValues;
  errors: Record<string, string>;
  events: Array<{ id: string; label: string }>;
  visibilities: Array<{ value: string; label: string }>;
}

/** An album's own fields (docs/product.md, 'Photos'): title, date, its event (a select of recent ones) and who can see it. */
export function AlbumFields({ values, errors, events, visibilities }: Props) {
  // An album's event that has dropped off the recent ones stays chosen.
  const choices =
    values.eventId && !events.some((event) => event.id === values.eventId)
      ? [...events, { id: values.eventId, label: `Event ${values.eventId}` }]
      : events;
  return (
    <>
      <TextField name="title" label="Title" defaultValue={values.title} error={errors.title} required />
      <TextField name="date" label="Date" type="date" defaultValue={values.date} error={errors.date} required />
      <Field id="eventId" label="Event" hint="The event the photos are from, if any." error={errors.eventId}>
        {(control) => (
          <select {...control} name="eventId" defaultValue={values.eventId}>
            <option value="">No event</option>
            {choices.map((event) => (
              <option key={event.id} value={event.id}>
                {event.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="visibility" label="Who can see it" error={errors.visibility}>
        {(control) => (
          <select {...control} name="visibility" defaultValue={values.visibility || "public"}>
            {visibilities.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
