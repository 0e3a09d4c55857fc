import { Form } from "@remix-run/react";
import { formatDateTime } from "~/lib/date-time";
import { SubmitButton } from "../SubmitButton";
import { AddPasskey } from "./AddPasskey";
import { AdminTable } from "../AdminTable";

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Your passkeys on /admin/account (docs/product.md §12, Passkeys): each with when it was
 * added and last used, and a Remove button that is a plain form (it works without
 * JavaScript); adding one needs the browser's script, so that part shows only with it.
 */
export function PasskeysSection({ passkeys, timeZone }: { passkeys: Passkey[]; timeZone: string }) {
  return (
    <section className="card account-section" aria-labelledby="account-passkeys">
      <h2 id="account-passkeys">Passkeys</h2>
      <p>A passkey signs you in with this device&apos;s fingerprint, face or PIN, without username or password.</p>
      {passkeys.length === 0 ? (
        <p>You have no passkeys.</p>
      ) : (
        <AdminTable caption="Your passkeys" columns={["Name", "Added", "Last used"]} actions>
          {passkeys.map((passkey) => (
            <tr key={passkey.id}>
              <td>{passkey.name}</td>
              <td>{formatDateTime(passkey.createdAt, timeZone)}</td>
              <td>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, timeZone) : "Never"}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-passkey" />
                  <input type="hidden" name="passkey" value={passkey.id} />
                  <SubmitButton
                    className="button button--secondary"
                    intent="remove-passkey"
                    pendingLabel="Removing..."
                    aria-label={`Remove the passkey ${passkey.name}`}
                  >
                    Remove
                  </SubmitButton>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <AddPasskey />
    </section>
  );
}
