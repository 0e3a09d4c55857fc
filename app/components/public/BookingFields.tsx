import type { ReactNode } from "react";
import { BOOKING_LIMITS } from "../../../common/text-limits";

/** The booking forms' fields' names (app/lib/bookings/form.server.ts reads the same). */
export type BookingFieldName = "name" | "email" | "adults" | "children" | "childName" | "childClass";

export interface FieldProblem {
  message: string;
  field: BookingFieldName | null;
}

/** What a field's input carries: its id and name, and what is wrong with it for assistive technology. */
type FieldAttributes = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

interface FieldProps {
  /** Ids are made from it, so two forms on a page stay apart. */
  form: string;
  name: BookingFieldName;
  label: string;
  problem: FieldProblem | null | undefined;
  hint?: string;
  children: (attributes: FieldAttributes) => ReactNode;
}

/** One field: its label, its hint, what is wrong with it (at the field), and its input. */
export function BookingField({ form, name, label, problem, hint, children }: FieldProps) {
  const id = `${form}-${name}`;
  const wrong = problem?.field === name;
  const described = [hint ? `${id}-hint` : null, wrong ? `${id}-problem` : null].filter(Boolean).join(" ");
  return (
    <div className="booking-form__field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="booking-form__hint">
          {hint}
        </p>
      ) : null}
      {wrong ? (
        <p id={`${id}-problem`} className="booking-form__problem" role="alert">
          {problem.message}
        </p>
      ) : null}
      {children({ id, name, "aria-invalid": wrong ? true : undefined, "aria-describedby": described || undefined })}
    </div>
  );
}

interface PartyProps {
  form: string;
  problem: FieldProblem | null | undefined;
  values: { adults: string; children: string; childName: string; childClass: string };
  maxPerBooking: number;
  askChild: boolean;
}

/** Adults and children, and the child's first name and class when the event asks. */
export function PartyFields({ form, problem, values, maxPerBooking, askChild }: PartyProps) {
  const number = (name: "adults" | "children", label: string) => (
    <BookingField form={form} name={name} label={label} problem={problem}>
      {(attributes) => (
        <input
          {...attributes}
          type="number"
          inputMode="numeric"
          min={0}
          max={maxPerBooking}
          step={1}
          required
          defaultValue={values[name]}
        />
      )}
    </BookingField>
  );
  // The child's first name and class: free text, as long as the /api takes.
  const text = (name: "childName" | "childClass") => (attributes: FieldAttributes) => (
    <input
      {...attributes}
      type="text"
      maxLength={BOOKING_LIMITS[name]}
      autoComplete="off"
      defaultValue={values[name]}
    />
  );
  return (
    <fieldset className="booking-form__group">
      <legend>How many are coming? (at most {maxPerBooking} in one booking)</legend>
      {number("adults", "Adults")}
      {number("children", "Children")}
      {askChild ? (
        <>
          <BookingField
            form={form}
            name="childName"
            label="Your child's first name"
            hint="Only when children are coming: it goes on the list at the door."
            problem={problem}
          >
            {text("childName")}
          </BookingField>
          <BookingField form={form} name="childClass" label="Their class" problem={problem}>
            {text("childClass")}
          </BookingField>
        </>
      ) : null}
    </fieldset>
  );
}

/** The form's own problem (not one field's), above its fields. */
export function FormProblemLine({ problem }: { problem: FieldProblem | null | undefined }) {
  return problem && problem.field === null ? (
    <p className="booking-form__problem" role="alert">
      {problem.message}
    </p>
  ) : null;
}
