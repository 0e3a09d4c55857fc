import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { ROLE_LABELS, type Role } from "../../../../common/roles";

export interface InvitationRow {
  id: string;
  name: string;
  role: Role;
  expiresAt: string;
  createdBy: { name: string } | null;
}

/**
 * The invitations nobody has used yet (docs/product.md, 'The committee'): what they are for,
 * who made them and until when they work. The link itself was shown once and cannot be
 * shown again; 'Revoke' asks first (`?revoke={id}`, so it works without JavaScript).
 * A plain list of rows, one an invitation, so a narrow screen can stack them.
 */
export function PendingInvitations({ invitations, timeZone }: { invitations: InvitationRow[]; timeZone: string }) {
  if (invitations.length === 0) return <p className="pending-invitations__empty">No invitations are waiting.</p>;
  return (
    <ul className="pending-invitations">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="pending-invitations__row">
          <div className="pending-invitations__what">
            <strong className="pending-invitations__name">{invitation.name}</strong>
            <span className="pending-invitations__role">{ROLE_LABELS[invitation.role]}</span>
          </div>
          <p className="pending-invitations__meta">
            {`Made by ${invitation.createdBy?.name ?? "the server's command line"} · works until ${formatDate(invitation.expiresAt, timeZone)}`}
          </p>
          <Link
            to={`?revoke=${invitation.id}`}
            className="button button--danger pending-invitations__revoke"
            aria-label={`Revoke the invitation for ${invitation.name}`}
          >
            Revoke
          </Link>
        </li>
      ))}
    </ul>
  );
}
