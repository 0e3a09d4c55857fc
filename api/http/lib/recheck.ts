import type { Context } from "hono";
import { z } from "zod";
import { tooLong } from "../../../common/text-limits";
import { recordFailure, releaseAttempt } from "../../store/login-failures";
import type { UserRecord } from "../../store/users";
import { clientAddress } from "./client-address";
import type { ApiDeps, ApiEnv } from "./context";
import { ApiError } from "./errors";
import { checkInTurn, takeLoginTurn } from "./login-turn";
import { verifyPassword } from "./passwords";
import { checkCode, codesLocked } from "./second-factor";
import { optionalText, readJson, validate } from "./validation";

export const PROOF_REQUIRED = "password: is required (or a current code)";
export const WRONG_PASSWORD = "password: is not your current password";
export const WRONG_CODE = "code: is not a current code from your app or an unused recovery code";
export const NO_CODES = "code: cannot be used while your authenticator codes are off; give your password";

/**
 * The proof a change that could take an account over asks for in its own body: the
 * password, or a current code (an authenticator code or a recovery code). A missing or
 * blank one is null.
 */
export const proofBody = z.object({
  password: z
    .string({ error: "must be text" })
    .max(1024, tooLong(1024))
    .nullish()
    .transform((v) => (v ? v : null)),
  code: optionalText(40),
});
export type Proof = z.infer<typeof proofBody>;

/** The proof from a body that may be missing altogether (a DELETE, a POST sent with none): checked like any other. */
export async function readProof(c: Context<ApiEnv>): Promise<Proof> {
  const hasBody = Boolean(c.req.header("content-type")) || Number(c.req.header("content-length") ?? 0) > 0;
  return validate(proofBody, hasBody ? await readJson(c) : {});
}

/**
 * The re-check (docs/product.md, 'Two-factor sign-in'): proof that the person is at the
 * keyboard, not only holding their session, before a change that would let a stolen
 * session keep the account: new recovery codes, turning codes off, adding or removing
 * a passkey. Each try takes a turn under the sign-in throttle of the address, and a
 * wrong one counts there as a failed sign-in; a code also counts toward the person's own
 * limit of wrong codes (lib/second-factor.ts), and is refused while it is locked. A wrong
 * proof is a 400 naming its field.
 */
export async function recheck(deps: ApiDeps, c: Context<ApiEnv>, user: UserRecord, proof: Proof): Promise<void> {
  const { db } = deps.store;
  if (!proof.code && !proof.password) {
    throw new ApiError(400, PROOF_REQUIRED, { field: "password", problem: { code: "required" } });
  }
  if (proof.code && !user.totpSecret) {
    throw new ApiError(400, NO_CODES, { field: "code", problem: { code: "invalid" } });
  }
  const address = clientAddress(c, deps.trustProxy);
  const attemptId = await takeLoginTurn(deps, address);
  let ok: boolean;
  if (proof.code) {
    const check = await checkCode(deps, user, proof.code, { id: user.id, name: user.name, username: user.username });
    if (check.outcome === "locked") {
      await releaseAttempt(db, attemptId);
      throw codesLocked(check.until, deps.now());
    }
    ok = check.outcome === "right";
  } else {
    const password = proof.password ?? "";
    ok = await checkInTurn(deps, attemptId, () => verifyPassword(password, user.passwordHash));
  }
  if (!ok) {
    await recordFailure(db, address, attemptId, deps.now());
    const [field, message] = proof.code ? ["code", WRONG_CODE] : ["password", WRONG_PASSWORD];
    throw new ApiError(400, message, { field, problem: { code: "invalid" } });
  }
  await releaseAttempt(db, attemptId);
}
