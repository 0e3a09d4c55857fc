import { Form, Link } from "@remix-run/react";
import { CardSection } from "../CardSection";
import { MailList } from "./MailList";
import { formatDate } from "~/lib/dates";
import type { MailView, SubscriberRow } from "~/lib/admin/mail/mail.server";
import { choiceWords, frequencyWords, mailHref } from "~/lib/admin/mail/mail-words";

interface Props {
  counts: { confirmed: number; pending: number; bouncing: number };
  subscribers: { items: SubscriberRow[]; page: number; pages: number; total: number };
  view: MailView;
  timeZone: string;
}

function standing(subscriber: SubscriberRow): string {
  if (subscriber.stoppedAt) return "Stopped: mail to it bounced";
  if (subscriber.hardBounces > 0) return "Bouncing";
  return subscriber.confirmedAt ? "Confirmed" : "Waiting for confirmation";
}

/** The subscribers newest first, found by address with a plain GET form; each can be removed (asked first). */
export function SubscribersSection({ counts, subscribers, view, timeZone }: Props) {
  return (
    <CardSection id="mail-subscribers-title" title="Subscribers" className="mail-section">
      <dl className="mail-facts mail-counts">
        <div>
          <dt>Confirmed</dt>
          <dd>{counts.confirmed}</dd>
        </div>
        <div>
          <dt>Waiting for confirmation</dt>
          <dd>{counts.pending}</dd>
        </div>
        <div>
          <dt>Bouncing</dt>
          <dd>{counts.bouncing}</dd>
        </div>
      </dl>
      <p>
        {/* A plain link: a file to download, not a page Remix would fetch. */}
        <a href="/admin/mail/subscribers.csv" download="subscribers.csv">
          Download the consent records (CSV)
        </a>
      </p>
      <Form method="get" action="/admin/mail#mail-subscribers-title" className="mail-filter" role="search">
        {view.state ? <input type="hidden" name="state" value={view.state} /> : null}
        <label htmlFor="mail-find">Address contains</label>
        <input id="mail-find" name="q" type="search" maxLength={254} defaultValue={view.q} />
        <button type="submit" className="button button--secondary">
          Find
        </button>
      </Form>
      <MailList
        list={subscribers}
        empty={view.q ? `No subscriber's address contains "${view.q}".` : "No subscribers yet."}
        caption="Subscribers, newest first"
        columns={["Address", "Gets", "How often", "Status", "Since"]}
        actions
        noun="subscribers"
        hrefOf={(page) => mailHref({ ...view, subscribersPage: page }, "#mail-subscribers-title")}
      >
        {subscribers.items.map((subscriber) => (
          <tr key={subscriber.id}>
            <th scope="row" className="mail-address">
              {subscriber.email}
            </th>
            <td data-label="Gets">{choiceWords(subscriber.news, subscriber.events)}</td>
            <td data-label="How often">{frequencyWords(subscriber.frequency)}</td>
            <td data-label="Status">{standing(subscriber)}</td>
            <td data-label="Since">{formatDate(subscriber.createdAt, timeZone)}</td>
            <td>
              <Link
                to={`${mailHref(view)}${mailHref(view).includes("?") ? "&" : "?"}remove=${subscriber.id}`}
                className="button button--secondary"
                aria-label={`Remove ${subscriber.email}`}
              >
                Remove
              </Link>
            </td>
          </tr>
        ))}
      </MailList>
    </CardSection>
  );
}
