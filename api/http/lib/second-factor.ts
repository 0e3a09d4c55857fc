import { recordActivity } from "../../store/activity";
import { findChallenge, insertChallenge, type Challenge } from "../../store/auth-challenges";
import { clearCodeGuesses, countCodeGuess, spendRecoveryCode, spendTotpStep } from "../../store/two-factor";
import type { UserRecord } from "../../store/users";
import type { ApiDeps } from "./context";
import { ApiError } from "./errors";
import { hashRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes";
import { generateToken, hashToken } from "./tokens";
import { totpStepOf } from "./totp";

/** A password sign-in's second step lives this long, and dies after this many wrong codes. */
export const SECOND_FACTOR_LIFETIME_MS = 5 * 60 * 1000;
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;

/**
 * Per person, whatever the address, instance or challenge: this many wrong codes in a
 * row lock their codes for LOCK_MS (docs/product.md, 'Two-factor sign-in'). The address
 * throttle alone let 22 addresses try 110 codes.
 */
export const WRONG_CODES_BEFORE_LOCK = 10;
export const CODE_LOCK_MS = 15 * 60 * 1000;

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

/** How a code typed for a person fared: right (and how), wrong, or not checked because their codes are locked. */
export type CodeCheck =
  { outcome: "right"; how: "totp" | "recovery-code" } | { outcome: "wrong" } | { outcome: "locked"; until: string };

/**
 * Checks a code a person typed under their own limit (WRONG_CODES_BEFORE_LOCK): counted
 * before it is checked, so codes sent at once cannot be checked past the limit; a right
 * one clears the count; the wrong one that locks is written to the record of changes as
 * `two-factor.locked` (by `actor`: nobody yet at the sign-in's second step, the person
 * signed in at a re-check).
 */
export async function checkCode(
  deps: ApiDeps,
  user: Pick<UserRecord, "id" | "name" | "totpSecret">,
  code: string,
  actor: { id: number; name: string; username: string } | null,
): Promise<CodeCheck> {
  const { db } = deps.store;
  const now = deps.now();
  const guess = await countCodeGuess(db, user.id, now, { max: WRONG_CODES_BEFORE_LOCK, lockMs: CODE_LOCK_MS });
  if (guess.outcome === "locked") return guess;
  const how = await spendSecondFactor(deps, user, code);
  if (how) {
    await clearCodeGuesses(db, user.id);
    return { outcome: "right", how };
  }
  if (guess.locks) {
    await recordActivity(db, {
      at: now,
      user: actor,
      action: "two-factor.locked",
      target: { type: "user", id: user.id, title: user.name },
    });
  }
  return { outcome: "wrong" };
}

export const CODES_LOCKED_CODE = "two-factor-locked";

/**
 * The answer while a person's codes are locked: 429 with Retry-After, worded as the
 * sign-in throttle's (lib/login-turn.ts), whatever the code, even a right one.
 */
export function codesLocked(until: string, now: Date): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    429,
    `Too many wrong codes in a row. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { headers: { "Retry-After": String(retryAfterSeconds) }, code: CODES_LOCKED_CODE },
  );
}
