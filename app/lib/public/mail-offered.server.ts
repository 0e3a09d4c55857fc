/**
 * Whether e-mail is set up (SMTP_URL), so the site may offer e-mail updates: without it
 * the /subscribe form and the links to it are not shown (docs/product.md, 'E-mail').
 * Read from the process's environment here alone, so the configuration's own schema can
 * take it over in one place.
 */
export function mailOffered(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}
