import { env } from "../config.server";

/**
 * Whether e-mail is set up (SMTP_URL), so the site may offer e-mail updates: without it
 * the /subscribe form and the links to it are not shown (docs/product.md, 'E-mail').
 */
export function mailOffered(): boolean {
  return env().SMTP_URL !== undefined;
}
