import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

/**
 * Labelled form controls for the admin screens, with the hint and the error linked
 * to the control (aria-describedby, aria-invalid) so screen readers announce them.
 *
 * Any control:
 *   <Field id="font" label="Font" hint="…" error={fieldErrors.font}>
 *     {(control) => <select {...control} name="font">…</select>}
 *   </Field>
 *   `control` holds id, aria-describedby, aria-invalid and autoFocus: spread it on the control.
 *
 * The common case, an <input> or (when `rows` is given) a <textarea>:
 *   <TextField name="title" label="Title" defaultValue={item.title} error={fieldErrors.title} required />
 *   <TextField name="comment" label="Description" rows={5} />
 *   `id` defaults to `name`; `type` defaults to "text".
 *
 * A field of a form on Conform takes its name, ids, starting value and problem from
 * Conform's field metadata: `<TextField {...conformField(fields.title, "Title")} />`.
 */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  /**
   * On every field in error: in a page the server rendered after a failed save (the
   * case without JavaScript) the browser focuses the first of them, so the
   * administrator lands on what to fix. React ignores it on a control already shown.
   */
  autoFocus?: true;
}

/** What a field takes from Conform's metadata: its name, ids, starting value and first problem. */
export interface FieldOfForm {
  name: string;
  id: string;
  label: string;
  defaultValue: string;
  error?: string;
  errorId: string;
  hintId: string;
}

/**
 * What every admin field component takes: a name and a label, and, from Conform on a form
 * that has it, the control's, problem's and hint's ids (the control's is `name` by default).
 */
export type FieldInputProps = Pick<FieldOfForm, "name" | "label"> &
  Partial<Pick<FieldOfForm, "id" | "defaultValue" | "error" | "errorId" | "hintId">>;

/** The frame's part of a field's props (its label, problem and ids), for <Field>. */
export function frameOf({ name, id = name, label, error, errorId, hintId }: FieldInputProps) {
  return { id, label, error, errorId, hintId };
}

type ConformMeta = Pick<
  FieldMetadata<string, Record<string, string>>,
  "name" | "id" | "errorId" | "descriptionId" | "initialValue" | "errors"
>;

/** A Conform field as the admin fields take it; every field shows its own problem at once. */
export function conformField(meta: ConformMeta, label: string): FieldOfForm {
  return {
    name: meta.name,
    id: meta.id,
    label,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : "",
    error: meta.errors?.[0],
    errorId: meta.errorId,
    hintId: meta.descriptionId,
  };
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** The problem's and the hint's own ids (Conform's, for a form on it); by default from `id`. */
  errorId?: string;
  hintId?: string;
  /** A bigger label, for a field that is a section of its own (the page text editors). */
  largeLabel?: boolean;
  /** The label's own id, for a control that is named by aria-labelledby (the rich-text editor). */
  labelId?: string;
  /** Focus the control on load though it has no error (the login's password after a failed attempt). */
  autoFocus?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function Field(props: FieldProps) {
  const { id, label, hint, error, largeLabel = false, labelId, autoFocus, children } = props;
  const hintId = hint ? (props.hintId ?? `${id}-hint`) : undefined;
  const errorId = error ? (props.errorId ?? `${id}-error`) : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label id={labelId} htmlFor={id} className={largeLabel ? "field__label field__label--large" : "field__label"}>
        {label}
      </label>
      {children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        autoFocus: error || autoFocus ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends FieldInputProps {
  hint?: string;
  /** Makes the field a textarea of this many rows. */
  rows?: number;
  type?: "text" | "email" | "password" | "url" | "date" | "datetime-local";
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  largeLabel?: boolean;
  autoFocus?: boolean;
}

export function TextField({
  name,
  id = name,
  rows,
  type = "text",
  defaultValue,
  required,
  placeholder,
  autoComplete,
  ...field
}: TextFieldProps) {
  const common = { name, defaultValue, required, placeholder, autoComplete };
  return (
    <Field id={id} {...field}>
      {(control) =>
        rows ? <textarea rows={rows} {...common} {...control} /> : <input type={type} {...common} {...control} />
      }
    </Field>
  );
}
