/**
 * Whether e-mail is set up (SMTP_URL), so the site may offer e-mail updates: without it
 * the /subscribe form and the links to it are not shown (docs/product.md, 'E-mail').
 * common/config.ts checks the value at start; it is read live here (not from the cached
 * configuration) so a test can set it for the pages alone.
 */
export function mailOffered(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}
