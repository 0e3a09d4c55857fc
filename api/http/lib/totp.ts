import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/**
 * Authenticator codes as RFC 6238 has them and every authenticator app reads them:
 * SHA-1, 6 digits, a 30-second step, and one step either side accepted for a phone's
 * clock that is a little off. `otpauth` does the arithmetic (it is small, typed, has no
 * dependencies and follows the RFC's test vectors); the step a code belongs to is
 * handed back so the caller can refuse it the second time.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for the shared secret. */
const SECRET_BYTES = 20;
export const DEFAULT_ISSUER = "Club admin";

function totpOf(secretBase32: string, label = "", issuer = DEFAULT_ISSUER): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, username: string, issuer: string): string {
  return totpOf(secretBase32, username, issuer).toString();
}

/** A 6-digit code: the time step it was valid for (within ±1 of now), or null. */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** The QR code of an otpauth:// address, drawn on the server as SVG: no other site is asked for it. */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
