import { Field, TextField } from "./Field";

interface Props {
  /** Makes the controls' ids unique on a page with several such forms. */
  idPrefix: string;
  errors?: Record<string, string>;
  /** Whether the person has authenticator codes, so a code may stand for the password. */
  codes: boolean;
}

/**
 * The proof a form asks for when its change could let a stolen session keep the
 * account (new recovery codes, codes off, a passkey added or removed): the current
 * password, or, for someone with codes, a code instead. Plain fields, so the form
 * works the same with and without JavaScript.
 */
export function ProofFields({ idPrefix, errors, codes }: Props) {
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label="Password"
        hint={codes ? "Your current password, or leave it empty and give a code below." : "Your current password."}
        error={errors?.password}
      >
        {(control) => <input type="password" name="password" autoComplete="current-password" {...control} />}
      </Field>
      {codes ? (
        <TextField
          id={`${idPrefix}-code`}
          name="code"
          label="Code"
          hint="A code from your authenticator app, or a recovery code."
          autoComplete="one-time-code"
          error={errors?.code}
        />
      ) : null}
    </>
  );
}
