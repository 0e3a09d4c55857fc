import type { FormEvent } from "react";
import { supportsPasskeys } from "~/lib/admin/passkey-ceremony";
import { usePasskeyCeremony } from "~/lib/admin/use-passkey-ceremony";
import { useHydrated } from "~/lib/use-hydrated";
import { TextField } from "../Field";

/**
 * 'Add a passkey' on /admin/account: a name (optional: left empty, the passkey is
 * named after this device) and the button that has the browser make the passkey. Drawn
 * only once the page's script runs, since making one needs it.
 */
export function AddPasskey() {
  const hydrated = useHydrated();
  const { start, busy } = usePasskeyCeremony("/admin/account/passkeys", "register", "Failed to add the passkey");
  if (!hydrated || !supportsPasskeys()) return null;

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get("passkeyName");
    void start({ name: typeof name === "string" ? name : "" });
  }

  return (
    <form onSubmit={add} className="passkey-add">
      <TextField
        name="passkeyName"
        label="Name for a new passkey"
        hint="Optional, e.g. 'My phone'. Without one, it is named after this device."
        autoComplete="off"
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </button>
    </form>
  );
}
