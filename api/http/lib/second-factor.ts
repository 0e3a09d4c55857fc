import { findChallenge, insertChallenge, type Challenge } from "../../store/auth-challenges";
import { spendRecoveryCode, spendTotpStep } from "../../store/two-factor";
import type { UserRecord } from "../../store/users";
import type { ApiDeps } from "./context";
import { hashRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes";
import { generateToken, hashToken } from "./tokens";
import { totpStepOf } from "./totp";

/** A password sign-in's second step lives this long, and dies after this many wrong codes. */
export const SECOND_FACTOR_LIFETIME_MS = 5 * 60 * 1000;
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;

/** After a right password: the random challenge the client sends back with the code (stored hashed). */
export async function startSecondFactor(deps: ApiDeps, userId: number): Promise<string> {
  const challenge = generateToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + SECOND_FACTOR_LIFETIME_MS);
  await insertChallenge(
    deps.store.db,
    { idHash: hashToken(challenge), purpose: "second-factor", userId, expiresAt },
    now,
  );
  return challenge;
}

/** The live second step a client holds, or null. */
export function findSecondFactor(deps: ApiDeps, challenge: string): Promise<Challenge | null> {
  return findChallenge(deps.store.db, hashToken(challenge), "second-factor", deps.now(), SECOND_FACTOR_MAX_ATTEMPTS);
}

/**
 * Checks a code a person typed: a 6-digit authenticator code not used before (its
 * time step is spent), or one of their unused recovery codes (spent too). Answers how
 * they proved it, or null.
 */
export async function spendSecondFactor(
  deps: ApiDeps,
  user: Pick<UserRecord, "id" | "totpSecret">,
  code: string,
): Promise<"totp" | "recovery-code" | null> {
  const { db } = deps.store;
  if (!user.totpSecret) return null;
  const step = totpStepOf(user.totpSecret, code, deps.now());
  if (step !== null) return (await spendTotpStep(db, user.id, step)) ? "totp" : null;
  if (!looksLikeRecoveryCode(code)) return null;
  return (await spendRecoveryCode(db, user.id, hashRecoveryCode(code), deps.now())) ? "recovery-code" : null;
}
