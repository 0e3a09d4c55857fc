import { Form } from "@remix-run/react";
import { CardSection } from "../CardSection";
import { Field, TextField } from "../Field";
import { SubmitButton } from "../SubmitButton";
import type { ADD_LABELS } from "~/lib/admin/bookings/door-list.server";

type AddField = keyof typeof ADD_LABELS;

interface Props {
  /** The screen's address, which the form posts to (its page and order kept). */
  action: string;
  /** After a failed add: what was typed, and each field's problem. */
  typed: Partial<Record<AddField, string>>;
  errors: Partial<Record<AddField, string>>;
  /** Changes on each failure, so the fields start again from what was typed. */
  formKey: string;
}

function CountField({ name, label, typed, error }: { name: AddField; label: string; typed?: string; error?: string }) {
  return (
    <Field id={`add-${name}`} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          defaultValue={typed ?? (name === "adults" ? "1" : "0")}
          className="booking-number"
        />
      )}
    </Field>
  );
}

/**
 * A booking taken by phone (docs/product.md, 'Bookings'): the closing time does not apply
 * to it, the places do, so with no room it joins the waiting list.
 */
export function AddBookingSection({ action, typed, errors, formKey }: Props) {
  const text = (name: AddField, label: string, extra: { type?: "email"; required?: boolean } = {}) => (
    <TextField
      name={name}
      id={`add-${name}`}
      label={label}
      defaultValue={typed[name]}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <CardSection id="door-add-title" title="Add a booking by hand" className="door-section door-add">
      <p>
        For a booking taken by phone or in person. It counts against the places even after bookings close; when there is
        no room it joins the waiting list.
      </p>
      <Form method="post" action={`${action}#door-add-title`} key={formKey} className="door-add__form">
        <input type="hidden" name="intent" value="add" />
        {text("name", "Name", { required: true })}
        {text("email", "E-mail (optional)", { type: "email" })}
        <CountField name="adults" label="Adults" typed={typed.adults} error={errors.adults} />
        <CountField name="children" label="Children" typed={typed.children} error={errors.children} />
        {text("childName", "Child's first name")}
        {text("childClass", "Class")}
        <SubmitButton intent="add" pendingLabel="Adding...">
          Add booking
        </SubmitButton>
      </Form>
    </CardSection>
  );
}
