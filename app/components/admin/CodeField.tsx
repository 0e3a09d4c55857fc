import { TextField } from "./Field";

/** The field for a code from an authenticator app (or a recovery code): named `code`, filled by the phone's keyboard. */
export function CodeField(props: { hint?: string; error?: string; required?: boolean; autoFocus?: boolean }) {
  return <TextField name="code" label="Code" autoComplete="one-time-code" {...props} />;
}
