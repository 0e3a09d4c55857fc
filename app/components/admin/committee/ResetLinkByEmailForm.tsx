import { Form } from "@remix-run/react";
import { TextField } from "../Field";
import { SubmitButton } from "../SubmitButton";
import { LINK_FORM_ACTION } from "./AccountLinkCard";

/** The address field beside an invitation or a reset link (docs/product.md, 'The committee'). */
export const EMAIL_LABEL = "E-mail it to";
export const EMAIL_HINT = "Optional. The site e-mails them the link; it is also shown here, as always.";

interface Props {
  people: { id: number; name: string }[];
  /** What was typed before a failure (the person and the address), and the address's problem. */
  typed: Record<string, string>;
  error?: string;
  /** A new form once a link is made, so the address typed is gone with JavaScript too. */
  formKey: string;
}

/**
 * A password-reset link for someone, e-mailed to an address typed here: the same call as
 * the table's 'Reset link' (which only shows it), with the address. A plain form, so it
 * works without JavaScript; the link is shown at the top of the page either way.
 */
export function ResetLinkByEmailForm({ people, typed, error, formKey }: Props) {
  return (
    <Form method="post" action={LINK_FORM_ACTION} key={formKey}>
      <input type="hidden" name="intent" value="reset-link" />
      <div className="field">
        <label className="field__label" htmlFor="reset-person">
          Whose password
        </label>
        <select id="reset-person" name="person" defaultValue={typed.person}>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="resetEmail"
        type="email"
        label={EMAIL_LABEL}
        hint="The site e-mails them the link; it is also shown here."
        autoComplete="off"
        defaultValue={typed.resetEmail}
        error={error}
        required
      />
      <SubmitButton intent="reset-link" pendingLabel="Making the link...">
        Make and e-mail the reset link
      </SubmitButton>
    </Form>
  );
}
