import { Form } from "@remix-run/react";
import { CodeField } from "./CodeField";
import { SubmitButton } from "./SubmitButton";

/**
 * The login's second step for someone with authenticator codes (docs/product.md, 'The committee'):
 * the 6-digit code from their app, or one of their recovery codes. 'Start again' goes
 * back to the password.
 */
export function SecondStepForm() {
  return (
    <>
      <p className="login-card__step">Enter the 6-digit code from your authenticator app.</p>
      <Form method="post">
        <input type="hidden" name="intent" value="code" />
        <CodeField hint="Use a recovery code if you do not have your phone." autoFocus required />
        <SubmitButton intent="code" pendingLabel="Checking...">
          Verify
        </SubmitButton>
      </Form>
      <Form method="post" className="login-card__cancel">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="button button--secondary">
          Start again
        </button>
      </Form>
    </>
  );
}
