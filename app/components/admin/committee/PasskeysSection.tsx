import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/date-time";
import { ProofFields } from "../ProofFields";
import { SubmitButton } from "../SubmitButton";
import { AddPasskey } from "./AddPasskey";
import { AdminTable } from "../AdminTable";
import { IntentForm } from "../IntentForm";

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The address that opens the removal of one passkey on /admin/account (URL state, so it works without JavaScript). */
export const REMOVE_PASSKEY_PARAM = "remove-passkey";

/**
 * Your passkeys on /admin/account (docs/product.md, 'Passkeys'): each with when it was
 * added and last used, and a Remove link that opens RemovePasskey (a plain form: it
 * works without JavaScript); adding one needs the browser's script, so that part shows
 * only with it. Both ask for the password (or a code, for someone with codes).
 */
export function PasskeysSection({
  passkeys,
  timeZone,
  codes,
}: {
  passkeys: Passkey[];
  timeZone: string;
  codes: boolean;
}) {
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
              <td data-label="Added">{formatDateTime(passkey.createdAt, timeZone)}</td>
              <td data-label="Last used">
                {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, timeZone) : "Never"}
              </td>
              <td>
                <Link
                  to={`?${REMOVE_PASSKEY_PARAM}=${encodeURIComponent(passkey.id)}`}
                  className="button button--secondary"
                  aria-label={`Remove the passkey ${passkey.name}`}
                >
                  Remove
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <AddPasskey codes={codes} />
    </section>
  );
}

interface RemoveProps {
  passkey: Passkey;
  codes: boolean;
  errors?: Record<string, string>;
}

/**
 * Removing a passkey, opened by its Remove link: the question, and the password (or a
 * code) to prove it is the person and not a session left open somewhere. Refused, it
 * stays open with the problem under the field.
 */
export function RemovePasskey({ passkey, codes, errors }: RemoveProps) {
  return (
    <section className="card confirm-card" aria-labelledby="remove-passkey-title" role="alertdialog">
      <h2 id="remove-passkey-title">{`Remove the passkey ${passkey.name}?`}</h2>
      <p>It can no longer sign you in. To be sure it is you, give your password{codes ? " or a code" : ""}.</p>
      <IntentForm intent="remove-passkey" about={["passkey", passkey.id]}>
        <ProofFields idPrefix="passkey-remove" codes={codes} errors={errors} />
        <div className="admin-item__actions">
          <SubmitButton className="button button--danger" intent="remove-passkey" pendingLabel="Removing...">
            Remove
          </SubmitButton>
          <Link to="/admin/account" className="button button--secondary">
            Cancel
          </Link>
        </div>
      </IntentForm>
    </section>
  );
}
