import type { ApiDeps } from "./context";

/**
 * Who passkeys are made for (the WebAuthn relying party): the site's own address, from
 * configuration (SITE_URL, else http://localhost:PORT; docs/operations.md). Never the
 * request's Host: the app calls the /api on the visitor's behalf from another address,
 * and a forged header must not choose which site a signature counts for. Browsers
 * allow http only on localhost.
 */
export interface RelyingParty {
  /** The host name passkeys are bound to, e.g. dads.example.org. */
  id: string;
  /** The origin the browser must report, e.g. https://dads.example.org. */
  origin: string;
}

export function relyingParty(deps: ApiDeps): RelyingParty {
  const url = new URL(deps.siteOrigin);
  return { id: url.hostname, origin: url.origin };
}

/**
 * Passkeys stand in for the password and the code together, so the authenticator must
 * check who holds it (a fingerprint, a face, a PIN): a device alone is not enough.
 */
export const USER_VERIFICATION = "required";

/**
 * What a registration or a sign-in answer is checked against, whichever it is: the
 * challenge the /api kept for it, this site's origin and host, and the person verified
 * (USER_VERIFICATION).
 */
export function expectations(deps: ApiDeps, expectedChallenge: string) {
  const rp = relyingParty(deps);
  return { expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true };
}

/** How long the browser and the stored challenge wait for the person: 5 minutes. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

/**
 * The WebAuthn user handle: the person's id, no name or address in it; an authenticator
 * keeps one passkey per handle and site.
 */
export function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(String(userId));
}
