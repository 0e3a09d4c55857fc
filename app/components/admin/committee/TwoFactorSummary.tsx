import { Link } from "@remix-run/react";
import { formatTimeOfDay } from "~/lib/date-time";

interface Props {
  twoFactor: { totp: boolean; recoveryCodesLeft: number; lockedUntil: string | null };
  timeZone: string;
}

/**
 * 'Two-factor sign-in' on /admin/account (docs/product.md, 'Two-factor sign-in'): codes
 * on or off, the recovery codes left, the way to the set-up screen, and, while ten wrong
 * codes in a row have locked them, until when (the /api's rule, lib/second-factor.ts).
 */
export function TwoFactorSummary({ twoFactor, timeZone }: Props) {
  return (
    <section className="card account-section" aria-labelledby="account-two-factor">
      <h2 id="account-two-factor">Two-factor sign-in</h2>
      <p>
        {twoFactor.totp
          ? `Authenticator codes are on. ${twoFactor.recoveryCodesLeft} recovery codes left.`
          : "Authenticator codes are off."}{" "}
        <Link to="/admin/account/two-factor">
          {twoFactor.totp ? "Manage authenticator codes" : "Set up authenticator codes"}
        </Link>
      </p>
      {twoFactor.lockedUntil ? <CodesLocked until={twoFactor.lockedUntil} timeZone={timeZone} /> : null}
    </section>
  );
}

/** While wrong codes have locked the person's codes: until when, in plain words. */
export function CodesLocked({ until, timeZone }: { until: string; timeZone: string }) {
  return (
    <p role="note">
      <strong>{`Two-factor sign-in is locked until ${formatTimeOfDay(until, timeZone)} after 10 wrong codes in a row.`}</strong>{" "}
      Until then every code is refused, even a right one; a passkey still signs you in.
    </p>
  );
}
