import { createHash, randomBytes } from "node:crypto";

export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The secret handed to the client; only its hash is stored. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
