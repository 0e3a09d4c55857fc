import { CardSection } from "../CardSection";
import { formatDateTime } from "~/lib/date-time";
import type { MailSummary } from "~/lib/admin/mail/mail.server";

interface Props {
  summary: MailSummary;
  timeZone: string;
}

/** Whether e-mail is set up, and how sending last went (docs/product.md, 'E-mail'). */
export function MailStatusCard({ summary, timeZone }: Props) {
  const { configured, from, lastSentAt, lastError } = summary;
  return (
    <CardSection id="mail-status-title" title="E-mail" className="mail-section">
      {configured ? (
        <p className="mail-status mail-status--on">{`E-mail is set up. Messages are sent from ${from}.`}</p>
      ) : (
        <>
          <p className="mail-status mail-status--off">
            <strong>E-mail is not set up</strong>
          </p>
          <p>
            Messages are kept in the outbox below and nothing is sent. To send them, whoever runs the server sets{" "}
            <code>SMTP_URL</code> (and <code>MAIL_FROM</code>) and restarts the site.
          </p>
        </>
      )}
      <dl className="mail-facts">
        <div>
          <dt>Last successful send</dt>
          <dd>{lastSentAt ? formatDateTime(lastSentAt, timeZone) : "None yet"}</dd>
        </div>
        <div>
          <dt>Last error</dt>
          <dd>{lastError ? `${formatDateTime(lastError.at, timeZone)}: ${lastError.message}` : "None"}</dd>
        </div>
      </dl>
    </CardSection>
  );
}
