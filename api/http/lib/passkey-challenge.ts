import { insertChallenge, takeChallenge } from "../../store/auth-challenges";
import type { ApiDeps } from "./context";
import { ApiError } from "./errors";
import { PASSKEY_CHALLENGE_MS } from "./relying-party";
import { generateToken, hashToken } from "./tokens";

export const DEAD_CHALLENGE_MESSAGE = "challengeId: has expired or was already used; please start again";

/**
 * Keeps a WebAuthn challenge for 5 minutes and hands out the id the client brings back
 * with the browser's answer; only the id's hash is stored, so the table alone cannot
 * finish anyone's ceremony.
 */
export async function keepChallenge(
  deps: ApiDeps,
  purpose: "passkey-register" | "passkey-login",
  userId: number | null,
  challenge: string,
): Promise<string> {
  const id = generateToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + PASSKEY_CHALLENGE_MS);
  await insertChallenge(deps.store.db, { idHash: hashToken(id), purpose, userId, value: challenge, expiresAt }, now);
  return id;
}

/**
 * The challenge behind an id, used up by this call; a 400 naming challengeId when it is
 * unknown, used, expired, or (for adding a passkey) someone else's.
 */
export async function spendChallenge(
  deps: ApiDeps,
  purpose: "passkey-register" | "passkey-login",
  id: string,
  userId: number | null = null,
): Promise<string> {
  const found = await takeChallenge(deps.store.db, hashToken(id), purpose, deps.now());
  if (!found || found.userId !== userId) {
    throw new ApiError(400, DEAD_CHALLENGE_MESSAGE, { field: "challengeId", problem: { code: "invalid" } });
  }
  return found.value;
}
