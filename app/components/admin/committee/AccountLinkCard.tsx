import { formatDateTime } from "~/lib/date-time";

export interface MadeLink {
  kind: "invitation" | "reset";
  name: string;
  url: string;
  expiresAt: string;
}

/**
 * A link just made, shown once: the club sends it however it talks (the messaging
 * group, a text message); the site sends no e-mail.
 */
export function AccountLinkCard({ link, timeZone }: { link: MadeLink; timeZone: string }) {
  const what = link.kind === "invitation" ? `Invitation for ${link.name}` : `Password-reset link for ${link.name}`;
  return (
    <section className="card account-link" aria-labelledby="account-link-title" role="status">
      <h2 id="account-link-title">{what}</h2>
      <p>
        {`Send this link to ${link.name} yourself, for example in a message. It works once, until ${formatDateTime(link.expiresAt, timeZone)}.`}
      </p>
      <label className="field__label" htmlFor="account-link-url">
        Link to send
      </label>
      <input id="account-link-url" className="account-link__url" type="text" readOnly value={link.url} />
    </section>
  );
}
