import { Form } from "@remix-run/react";
import { SubmitButton } from "./SubmitButton";

/** Where the form posts (app/routes/admin.settings.two-factor.tsx). */
export const REQUIRE_TWO_FACTOR_ACTION = "/admin/settings/two-factor";

/**
 * The site setting that makes two-factor sign-in compulsory for everyone (docs/product.md,
 * 'The committee'), for the committee screen: `<RequireTwoFactorForm required={requireTwoFactor} />`
 * with the value from readRequireTwoFactor (app/lib/admin/account/two-factor.server.ts).
 */
export function RequireTwoFactorForm({ required }: { required: boolean }) {
  return (
    <Form method="post" action={REQUIRE_TWO_FACTOR_ACTION} className="require-two-factor">
      <input type="hidden" name="requireTwoFactor" value={required ? "0" : "1"} />
      <p>
        {required
          ? "Two-factor sign-in is required: nobody can change anything until they have set it up."
          : "Two-factor sign-in is optional for each person."}
      </p>
      <SubmitButton pendingLabel="Saving..." className="button button--secondary">
        {required ? "Make two-factor sign-in optional" : "Require two-factor sign-in for everyone"}
      </SubmitButton>
    </Form>
  );
}
