import { unconfiguredMail, type MailSettings } from "../../api/mail/settings";

export const SITE_URL = "https://club.example.org";

/** E-mail set up (SMTP_URL given) or not; the /api only reads whether it is. */
export function mailSettings(configured: boolean): MailSettings {
  return { ...unconfiguredMail(SITE_URL), configured, from: "club@example.org" };
}
