import { formatDateTime } from "~/lib/date-time";
import { SubmitButton } from "../SubmitButton";
import { AdminTable } from "../AdminTable";
import { IntentForm } from "../IntentForm";

interface Session {
  id: string;
  device: string;
  signedInAt: string;
  lastUsedAt: string | null;
  current: boolean;
}

/** Your sessions: where you are signed in, since when, last used; any other can be signed out. */
export function SessionsTable({ sessions, timeZone }: { sessions: Session[]; timeZone: string }) {
  return (
    <AdminTable caption="Your sessions" columns={["Device", "Signed in", "Last used"]} actions>
      {sessions.map((session) => (
        <tr key={session.id}>
          <td>{session.device}</td>
          <td data-label="Signed in">{formatDateTime(session.signedInAt, timeZone)}</td>
          <td data-label="Last used">{session.lastUsedAt ? formatDateTime(session.lastUsedAt, timeZone) : "—"}</td>
          <td>
            {session.current ? (
              "This session"
            ) : (
              <IntentForm intent="sign-out-session" about={["session", session.id]}>
                <SubmitButton
                  className="button button--secondary"
                  intent="sign-out-session"
                  pendingLabel="Signing out..."
                  aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.signedInAt, timeZone)}`}
                >
                  Sign out
                </SubmitButton>
              </IntentForm>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
