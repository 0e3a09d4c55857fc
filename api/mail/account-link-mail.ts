import { formatDateTime } from "../../common/date-time-text";
import { ROLE_LABELS, type Role } from "../../common/roles";
import type { MailContent } from "./compose";
import type { MailSettings } from "./settings";

/** docs/product.md, 'The committee': an invitation or a reset link, also e-mailed to an address typed beside it. */
export type AccountLinkMail =
  | { kind: "invitation"; name: string; role: Role; by: string; url: string; expiresAt: string }
  | { kind: "reset"; name: string; by: string; url: string; expiresAt: string };

/**
 * A plain message to one person (no List-Unsubscribe: they subscribed to nothing):
 * who made the link, what it is for, and until when it works.
 */
export function accountLinkContent(settings: MailSettings, link: AccountLinkMail): MailContent {
  const until = `It works once, until ${formatDateTime(link.expiresAt, settings.timeZone)}.`;
  if (link.kind === "invitation") {
    return {
      subject: `Your invitation to the ${settings.siteName} website`,
      intro: [
        `Hello ${link.name},`,
        `${link.by} has invited you to help run the ${settings.siteName} website, as ${article(ROLE_LABELS[link.role])}. Open the link to choose your username and password.`,
        `${until} If you did not expect this e-mail, you can ignore it.`,
      ],
      action: { text: "Accept the invitation", href: link.url },
    };
  }
  return {
    subject: `Your password-reset link for the ${settings.siteName} website`,
    intro: [
      `Hello ${link.name},`,
      `${link.by} has made you a link to choose a new password for the ${settings.siteName} website.`,
      `${until} If you did not ask for it, you can ignore this e-mail.`,
    ],
    action: { text: "Choose a new password", href: link.url },
  };
}

function article(label: string): string {
  return /^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`;
}
