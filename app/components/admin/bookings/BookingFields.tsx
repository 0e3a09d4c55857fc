import { useId, useState } from "react";
import { Field, TextField, type FieldOfForm } from "../Field";
import {
  BOOKING_MODES,
  PER_BOOKING_MAX,
  PLACES_MAX,
  TICKED,
  type BookingFormValues,
} from "~/lib/admin/bookings/booking-words";
import { useHydrated } from "~/lib/use-hydrated";

interface Props {
  /** Each booking field as the form's Conform gives it. */
  field: (name: keyof BookingFormValues) => FieldOfForm;
  /** The product spec's Booking URL field, shown as it always was for an event booked elsewhere. */
  bookingUrl: FieldOfForm;
}

function NumberField({
  field,
  min,
  max,
  required,
}: {
  field: FieldOfForm;
  min: number;
  max: number;
  required: boolean;
}) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          defaultValue={field.defaultValue}
          required={required}
          className="booking-number"
        />
      )}
    </Field>
  );
}

function Checkbox({ field, hint }: { field: FieldOfForm; hint?: string }) {
  const hintId = hint ? field.hintId : undefined;
  return (
    <div className="field booking-check">
      <input
        type="checkbox"
        id={field.id}
        name={field.name}
        value={TICKED}
        defaultChecked={field.defaultValue === TICKED}
        aria-describedby={[hintId, field.error ? field.errorId : undefined].filter(Boolean).join(" ") || undefined}
      />
      <label htmlFor={field.id}>{field.label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {field.error ? (
        <p id={field.errorId} className="field__error">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'How do parents book?' (docs/product.md, 'Bookings'): on another site, with the product
 * spec's Booking URL, or on this site, with its places and rules. With JavaScript only the
 * chosen one's fields show (the others are disabled, so not sent). Without it every field
 * shows: the Booking URL is kept as typed and not used for an event booked on this site,
 * and the site's settings are not used for one booked elsewhere; the server checks only
 * the chosen one's, so the browser is not asked to insist on either.
 */
export function BookingFields({ field, bookingUrl }: Props) {
  const hydrated = useHydrated();
  const mode = field("bookingMode");
  const [chosen, setChosen] = useState(mode.defaultValue === "site" ? "site" : "external");
  const siteHintId = useId();
  const onSite = chosen === "site";
  const hideSite = hydrated && !onSite;
  return (
    <>
      <fieldset className="field booking-mode" aria-describedby={mode.error ? mode.errorId : undefined}>
        <legend className="field__label">{mode.label}</legend>
        {BOOKING_MODES.map((choice) => (
          <div key={choice.value} className="booking-check">
            <input
              type="radio"
              id={`${mode.id}-${choice.value}`}
              name={mode.name}
              value={choice.value}
              defaultChecked={chosen === choice.value}
              onChange={() => setChosen(choice.value)}
              aria-describedby={choice.value === "site" ? siteHintId : undefined}
            />
            <label htmlFor={`${mode.id}-${choice.value}`}>{choice.label}</label>
          </div>
        ))}
        <p id={siteHintId} className="field__hint">
          On this site: parents book on the event&apos;s own booking page here, which becomes its Booking URL.
        </p>
        {mode.error ? (
          <p id={mode.errorId} className="field__error">
            {mode.error}
          </p>
        ) : null}
      </fieldset>

      <div hidden={hydrated && onSite}>
        <TextField
          {...bookingUrl}
          type="url"
          placeholder="https://www.example.com/book"
          required={hydrated && !onSite}
        />
      </div>

      <fieldset className="booking-site" hidden={hideSite} disabled={hideSite}>
        <legend>Booking on this site</legend>
        <NumberField field={field("places")} min={1} max={PLACES_MAX} required={hydrated} />
        <NumberField field={field("maxPerBooking")} min={1} max={PER_BOOKING_MAX} required={false} />
        <Checkbox
          field={field("askChild")}
          hint="Parents bringing children give a child's first name and class, for the door list."
        />
        <TextField
          {...field("closesAt")}
          type="datetime-local"
          hint="Leave it empty to take bookings until the event starts."
        />
        <Checkbox
          field={field("waitingList")}
          hint="When the places are gone, parents can join a waiting list; it fills itself as places come free."
        />
      </fieldset>
    </>
  );
}
