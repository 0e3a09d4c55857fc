import { CardSection } from "../CardSection";
import { ChoiceViewForm } from "../ChoiceViewForm";
import { MailList } from "./MailList";
import { formatDateTime } from "~/lib/date-time";
import type { MailView, OutboxRow } from "~/lib/admin/mail/mail.server";
import { mailHref, STATE_CHOICES, stateWords } from "~/lib/admin/mail/mail-words";

interface Props {
  outbox: { items: OutboxRow[]; page: number; pages: number; total: number };
  queued: number;
  failed: number;
  configured: boolean;
  view: MailView;
  timeZone: string;
}

/** The outbox newest first, a page at a time, filtered by state with a plain GET form. */
export function OutboxSection({ outbox, queued, failed, configured, view, timeZone }: Props) {
  return (
    <CardSection id="mail-outbox-title" title="Outbox" className="mail-section">
      <p>{`${queued} waiting to be sent, ${failed} failed.`}</p>
      <ChoiceViewForm
        action="/admin/mail#mail-outbox-title"
        className="mail-filter"
        keep={{ q: view.q }}
        id="mail-state"
        name="state"
        label="Show"
        value={view.state ?? ""}
        choices={[{ value: "", label: "Every message" }, ...STATE_CHOICES]}
        submit="Show"
      />
      <MailList
        list={outbox}
        empty={view.state ? "No messages in this state." : "No messages yet."}
        caption="The outbox, newest first"
        columns={["To", "Subject", "State", "Attempts", "Last error", "Queued"]}
        noun="messages"
        hrefOf={(page) => mailHref({ ...view, page }, "#mail-outbox-title")}
      >
        {outbox.items.map((row) => (
          <tr key={row.id}>
            <td data-label="To" className="mail-address">
              {row.to}
            </td>
            <td data-label="Subject">{row.subject}</td>
            <td data-label="State">
              {stateWords(row.state, configured)}
              {row.sentAt ? ` (${formatDateTime(row.sentAt, timeZone)})` : ""}
            </td>
            <td data-label="Attempts">{row.attempts}</td>
            <td data-label="Last error">{row.lastError ?? ""}</td>
            <td data-label="Queued">{formatDateTime(row.createdAt, timeZone)}</td>
          </tr>
        ))}
      </MailList>
    </CardSection>
  );
}
