import { createHash, randomInt } from "node:crypto";

/**
 * One-time recovery codes for someone whose phone is gone: ten of them, each ten
 * characters of an alphabet without look-alikes (about 50 bits, too many to guess
 * within the sign-in throttle), shown once as `xxxxx-xxxxx` and stored only as a hash.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, LENGTH / 2)}-${chars.slice(LENGTH / 2)}`;
  });
}

/** A typed code, as it is compared: without spaces or dashes, in lower case. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/** Could this be a recovery code at all (so a typo is not looked up)? */
export function looksLikeRecoveryCode(code: string): boolean {
  return normaliseRecoveryCode(code).length === LENGTH;
}
