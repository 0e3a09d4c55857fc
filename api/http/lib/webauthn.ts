import type * as SimpleWebAuthn from "@simplewebauthn/server";

type WebAuthn = typeof SimpleWebAuthn;

let loading: Promise<WebAuthn> | undefined;

/**
 * @simplewebauthn/server, loaded at the first passkey call: it holds about 10 MB of
 * memory once loaded, and most sites' servers never see a passkey (docs/architecture.md,
 * 'Budgets': idle memory).
 */
export function webAuthn(): Promise<WebAuthn> {
  loading ??= import("@simplewebauthn/server");
  return loading;
}
