/**
 * What the /api knows of e-mail (docs/product.md, 'E-mail'), given by whoever starts it
 * (ops/start-up.ts, from SMTP_URL, MAIL_FROM and the rest).
 */
export interface MailSettings {
  /** Whether SMTP_URL is set: without it messages are queued and kept, never sent. */
  configured: boolean;
  /** MAIL_FROM: the sender's address (its domain names the Message-IDs and signs DKIM). */
  from: string;
  replyTo: string | null;
  /** The club's name, shown in every message. */
  siteName: string;
  /** SITE_URL: every link in a message is absolute to it. */
  siteUrl: string;
  /** Minutes between a news item or event being made and its 'as posted' e-mail. */
  postDelayMinutes: number;
  /** SITE_TIME_ZONE: the weekly digest goes on Mondays at 07:00 there, and dates are written in it. */
  timeZone: string;
}

/** What the /api's routes reach e-mail through. */
export interface MailDeps {
  settings: MailSettings;
  /** Tells the sender a message was queued, so it need not wait for its next look. */
  wake(): void;
}

/** Until the operator sets SMTP_URL: nothing is sent, everything is kept. */
export function unconfiguredMail(siteUrl: string, siteName = "Oakfield Primary Dads' Club"): MailSettings {
  return {
    configured: false,
    from: `club@${new URL(siteUrl).hostname}`,
    replyTo: null,
    siteName,
    siteUrl,
    postDelayMinutes: 10,
    timeZone: "Europe/London",
  };
}
