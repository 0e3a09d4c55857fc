import { useEffect, useRef, useState } from "react";
import { formatDateTime } from "~/lib/date-time";
import { useHydrated } from "~/lib/use-hydrated";

export interface MadeLink {
  kind: "invitation" | "reset";
  name: string;
  url: string;
  expiresAt: string;
  /** The address it was also e-mailed to (docs/product.md, 'The committee'), and whether e-mail is set up to send it. */
  emailedTo?: string;
  emailSetUp?: boolean;
}

/** What the card says of the e-mail asked for, beside the link that is shown all the same. */
export function emailedText(link: MadeLink): string | null {
  if (!link.emailedTo) return null;
  return link.emailSetUp
    ? `It is also on its way by e-mail to ${link.emailedTo}.`
    : `E-mail is not set up on this site, so it has not been e-mailed to ${link.emailedTo}: send it yourself.`;
}

/** The id the page's link forms aim at (`action="/admin/committee#account-link"`), so the browser lands on it. */
export const ACCOUNT_LINK_ANCHOR = "account-link";

/** Where the forms that make a link post: the committee screen, at the link their answer shows at its top. */
export const LINK_FORM_ACTION = `/admin/committee#${ACCOUNT_LINK_ANCHOR}`;

type CopyState = "idle" | "copied" | "failed";

/**
 * What this browser can do with the link beyond showing it: copy it (navigator.clipboard)
 * and share it (navigator.share, mostly phones). Both false on the server and without
 * JavaScript, where the buttons could not work, so they are not shown.
 */
function useLinkActions() {
  const hydrated = useHydrated();
  return {
    copy: hydrated && typeof navigator.clipboard?.writeText === "function",
    share: hydrated && typeof navigator.share === "function",
  };
}

/**
 * A link just made, shown once at the top of the page: the club sends it however it
 * talks (the messaging group, a text message), or has the site e-mail it. With
 * JavaScript the page moves to it and selects it, and Copy and (where the browser can)
 * Share hand it on; without, the page lands on it by its anchor and it stays selectable.
 * Keyed by the link where it is used, so a new link starts without 'Copied'.
 */
export function AccountLinkCard({ link, timeZone }: { link: MadeLink; timeZone: string }) {
  const what = link.kind === "invitation" ? `Invitation for ${link.name}` : `Password-reset link for ${link.name}`;
  const field = useRef<HTMLInputElement>(null);
  const can = useLinkActions();
  const [copy, setCopy] = useState<CopyState>("idle");

  useEffect(() => {
    // After a submission with JavaScript the page would stay where the form was, far below.
    field.current?.focus();
    field.current?.select();
  }, [link.url]);

  const copyLink = () => {
    navigator.clipboard.writeText(link.url).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };
  const shareLink = () => {
    // Closing the share sheet rejects; nothing to tell the person then.
    navigator.share({ title: what, url: link.url }).catch(() => undefined);
  };

  return (
    <section id={ACCOUNT_LINK_ANCHOR} className="card account-link" aria-labelledby="account-link-title" role="status">
      <h2 id="account-link-title">{what}</h2>
      <p>
        {`Send this link to ${link.name} yourself, for example in a message. It works once, until ${formatDateTime(link.expiresAt, timeZone)}. It is shown only now: copy it before you leave this page.`}
      </p>
      {emailedText(link) ? <p className="account-link__emailed">{emailedText(link)}</p> : null}
      <label className="field__label" htmlFor="account-link-url">
        Link to send
      </label>
      <input
        ref={field}
        id="account-link-url"
        className="account-link__url"
        type="text"
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      {can.copy || can.share ? (
        <div className="account-link__actions">
          {can.copy ? (
            <button type="button" className="button account-link__copy" onClick={copyLink}>
              Copy
            </button>
          ) : null}
          {can.share ? (
            <button type="button" className="button button--secondary account-link__share" onClick={shareLink}>
              Share
            </button>
          ) : null}
          <span className="account-link__copied" aria-live="polite">
            {copy === "copied" ? "Copied" : copy === "failed" ? "Could not copy: select the link and copy it" : ""}
          </span>
        </div>
      ) : null}
    </section>
  );
}
