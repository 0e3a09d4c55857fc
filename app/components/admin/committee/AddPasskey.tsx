import type { FormEvent } from "react";
import { supportsPasskeys } from "~/lib/admin/account/passkey-ceremony";
import { usePasskeyCeremony } from "~/lib/admin/account/use-passkey-ceremony";
import { useHydrated } from "~/lib/use-hydrated";
import { TextField } from "../Field";
import { ProofFields } from "../ProofFields";

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/**
 * 'Add a passkey' on /admin/account: a name (optional: left empty, the passkey is
 * named after this device), the password (or a code) the /api asks before it hands
 * out a challenge, and the button that has the browser make the passkey. Drawn only
 * once the page's script runs, since making one needs it.
 */
export function AddPasskey({ codes }: { codes: boolean }) {
  const hydrated = useHydrated();
  const { start, busy } = usePasskeyCeremony("/admin/account/passkeys", "register", "Failed to add the passkey");
  if (!hydrated || !supportsPasskeys()) return null;

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void start(
      { name: text(form.get("passkeyName")) },
      { password: text(form.get("password")), code: text(form.get("code")) },
    );
  }

  return (
    <form onSubmit={add} className="passkey-add">
      <TextField
        name="passkeyName"
        label="Name for a new passkey"
        hint="Optional, e.g. 'My phone'. Without one, it is named after this device."
        autoComplete="off"
      />
      <ProofFields idPrefix="passkey-add" codes={codes} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </button>
    </form>
  );
}
