import { supportsPasskeys } from "~/lib/admin/account/passkey-ceremony";
import { usePasskeyCeremony } from "~/lib/admin/account/use-passkey-ceremony";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * 'Sign in with a passkey' on /admin (docs/product.md, 'Passkeys'): no username, no
 * password; the browser offers the passkey it keeps for this site. Drawn only once the
 * page's script runs and the browser knows passkeys: without JavaScript the password
 * form is the whole screen, as before.
 */
export function PasskeySignIn() {
  const hydrated = useHydrated();
  const { start, busy } = usePasskeyCeremony("/admin/passkey-sign-in", "authenticate", "Login Failed");
  if (!hydrated || !supportsPasskeys()) return null;
  return (
    <div className="passkey-sign-in">
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void start()}>
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
    </div>
  );
}
