import { MIN_PASSWORD_LENGTH } from "../../../../common/password-rules";
import { TextField } from "../Field";

interface Props {
  /** The new password's field name, as the /api calls it (password, newPassword). */
  name: string;
  label: string;
  /** Said after the password rule, e.g. what changing it does. */
  hint?: string;
  errors: Record<string, string | undefined>;
}

/**
 * A new password typed twice (join, reset, your account), with the rule it must meet; the
 * second field is always `confirmPassword`, compared by the action (passwordsDiffer).
 */
export function NewPasswordFields({ name, label, hint, errors }: Props) {
  return (
    <>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.${hint ? ` ${hint}` : ""}`}
        error={errors[name]}
        required
      />
      <TextField
        name="confirmPassword"
        label={`${label} again`}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        required
      />
    </>
  );
}
