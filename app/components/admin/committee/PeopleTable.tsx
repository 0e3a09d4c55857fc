import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/date-time";
import { ROLE_LABELS, ROLES } from "../../../../common/roles";
import { AdminTable } from "../AdminTable";
import { IntentForm } from "../IntentForm";
import { LINK_FORM_ACTION } from "./AccountLinkCard";

export interface PersonRow {
  id: number;
  username: string;
  name: string;
  role: keyof typeof ROLE_LABELS;
  lastSignInAt: string | null;
  twoFactor: { totp: boolean; passkeys: number };
}

function twoFactorText({ totp, passkeys }: PersonRow["twoFactor"]): string {
  const ways = [
    totp ? "Authenticator codes" : null,
    passkeys ? `${passkeys} passkey${passkeys === 1 ? "" : "s"}` : null,
  ];
  return ways.filter(Boolean).join(", ") || "Off";
}

/** Everyone on the committee, with a form to change each one's role and links to act on them. */
export function PeopleTable({ people, timeZone }: { people: PersonRow[]; timeZone: string }) {
  return (
    <div className="admin-table-wrap">
      <AdminTable
        caption="The committee"
        columns={["Name", "Username", "Role", "Last signed in", "Two-factor sign-in"]}
        actions
      >
        {people.map((person) => (
          <tr key={person.id}>
            <th scope="row">{person.name}</th>
            <td data-label="Username">{person.username}</td>
            <td>
              <IntentForm intent="role" about={["person", person.id]} className="inline-form">
                <label className="visually-hidden" htmlFor={`role-${person.id}`}>
                  {`Role of ${person.name}`}
                </label>
                <select id={`role-${person.id}`} name="role" defaultValue={person.role}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  className="button button--secondary"
                  aria-label={`Save the role of ${person.name}`}
                >
                  Save
                </button>
              </IntentForm>
            </td>
            <td data-label="Last signed in">
              {person.lastSignInAt ? formatDateTime(person.lastSignInAt, timeZone) : "Never"}
            </td>
            <td data-label="Two-factor sign-in">{twoFactorText(person.twoFactor)}</td>
            <td>
              <div className="admin-item__actions">
                <IntentForm intent="reset-link" about={["person", person.id]} action={LINK_FORM_ACTION}>
                  <button
                    type="submit"
                    className="button button--secondary"
                    aria-label={`Make a password-reset link for ${person.name}`}
                  >
                    Reset link
                  </button>
                </IntentForm>
                <Link
                  to={`?remove=${person.id}`}
                  className="button button--danger"
                  aria-label={`Remove ${person.name}`}
                >
                  Remove
                </Link>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
