/**
 * E-mail updates (docs/product.md, 'E-mail'): the words both sides share. The /subscribe
 * form shows CONSENT_TEXT, and the /api keeps it, with its version, in the consent
 * record of every address subscribed while it was shown. Change the version whenever
 * the sentence changes, so each record says which wording was agreed to.
 */
export const CONSENT_VERSION = "2026-11-27";
export const CONSENT_TEXT =
  "We use your e-mail address only to send you the club news and events you choose here; every e-mail has a link to change what you get or unsubscribe.";

/** The one answer to every subscription, whatever the address: nobody can learn who subscribed. */
export const SUBSCRIBED_MESSAGE = "Check your inbox: we've sent you a link to confirm.";

export type Frequency = "posted" | "weekly";
export const FREQUENCIES = ["posted", "weekly"] as const;

/** A confirmation or manage link's token: 32 random bytes, base64url. */
export const SUBSCRIPTION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
