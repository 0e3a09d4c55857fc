import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A signature that says "the server vouched for this subject until this second": an HMAC
 * (SHA-256, the server's signing secret) over both. An upload link signs its upload id;
 * the gallery passphrase's cookie signs `gallery:{version}`. No upload id holds a ':',
 * so neither can stand for the other.
 */
export function signExpiring(secret: string, subject: string, expires: number): string {
  return createHmac("sha256", secret).update(`${subject}:${expires}`).digest("base64url");
}

export type SignatureCheck = "ok" | "expired" | "invalid";

/** Checks what signExpiring gave, as it came back (constant-time compare), against the expiry. */
export function checkExpiring(
  secret: string,
  subject: string,
  expiresParam: string | undefined,
  signature: string | undefined,
  now: Date,
): SignatureCheck {
  if (!expiresParam || !signature || !/^\d{1,12}$/.test(expiresParam)) return "invalid";
  const expires = Number(expiresParam);
  const expected = Buffer.from(signExpiring(secret, subject, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  if (Math.floor(now.getTime() / 1000) > expires) return "expired";
  return "ok";
}
