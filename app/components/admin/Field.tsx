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

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** A bigger label, for a field that is a section of its own (the page text editors). */
  largeLabel?: boolean;
  /** The label's own id, for a control that is named by aria-labelledby (the rich-text editor). */
  labelId?: string;
  /** Focus the control on load though it has no error (the login's password after a failed attempt). */
  autoFocus?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, hint, error, largeLabel = false, labelId, autoFocus, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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

interface TextFieldProps {
  name: string;
  label: string;
  id?: string;
  defaultValue?: string;
  error?: string;
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
