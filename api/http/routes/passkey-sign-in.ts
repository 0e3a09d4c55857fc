import { Hono } from "hono";
import type { z } from "zod";
import { clearFailures, recordFailure, releaseAttempt } from "../../store/login-failures";
import { findPasskey, recordPasskeyUse } from "../../store/passkeys";
import { findUserById, type UserRecord } from "../../store/users";
import { jsonLimit } from "../lib/body-limits";
import { clientAddress } from "../lib/client-address";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { takeLoginTurn } from "../lib/login-turn";
import { passkeySignInBody } from "../lib/passkey-bodies";
import { keepChallenge, spendChallenge } from "../lib/passkey-challenge";
import { expectations, PASSKEY_CHALLENGE_MS, relyingParty, userHandle, USER_VERIFICATION } from "../lib/relying-party";
import { startSession } from "../lib/sessions";
import { webAuthn } from "../lib/webauthn";
import { readJson, validate } from "../lib/validation";

/** Whatever was wrong (unknown passkey, bad signature, a counter gone back), the answer is the same. */
export const PASSKEY_REFUSED = "This passkey was not accepted";

/**
 * Signing in with a passkey, no username or password (docs/product.md, 'Passkeys'):
 * the options name no passkey, so the browser offers whichever the person keeps for
 * this site (a discoverable credential), and the answer says whose it is. A failed
 * attempt counts against the address exactly as a wrong password does.
 */
export function passkeySignInRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.post("/admin/passkey-login/options", async (c) => {
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(deps).id,
      allowCredentials: [],
      userVerification: USER_VERIFICATION,
      timeout: PASSKEY_CHALLENGE_MS,
    });
    const challengeId = await keepChallenge(deps, "passkey-login", null, options.challenge);
    return c.json({ challengeId, options });
  });

  app.post("/admin/passkey-login", jsonLimit, async (c) => {
    const body = validate(passkeySignInBody, await readJson(c));
    const address = clientAddress(c, deps.trustProxy);
    const attemptId = await takeLoginTurn(deps, address);
    let user: UserRecord;
    try {
      user = await checkAssertion(deps, body);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // Never judged (the database failed): it does not count against the visitor.
        await releaseAttempt(db, attemptId).catch(() => undefined);
        throw error;
      }
      await recordFailure(db, address, attemptId, deps.now());
      throw error;
    }
    await clearFailures(db, address, attemptId);
    return c.json(await startSession(deps, c, user, "passkey"));
  });

  return app;
}

/** The person whose passkey signed the challenge, or an ApiError saying it did not. */
async function checkAssertion(deps: ApiDeps, body: z.output<typeof passkeySignInBody>): Promise<UserRecord> {
  const { db } = deps.store;
  const refused = () => new ApiError(401, PASSKEY_REFUSED);
  const expectedChallenge = await spendChallenge(deps, "passkey-login", body.challengeId);
  const passkey = await findPasskey(db, body.response.id);
  if (!passkey) throw refused();
  // The authenticator names the account it signed for: it must be the passkey's owner.
  const handle = body.response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(passkey.userId)).toString("base64url")) throw refused();
  // The library refuses a signature counter that did not go up (unless both are 0).
  const { verifyAuthenticationResponse } = await webAuthn();
  const verification = await verifyAuthenticationResponse({
    response: body.response,
    ...expectations(deps, expectedChallenge),
    credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter },
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const { newCounter } = verification.authenticationInfo;
  if (!(await recordPasskeyUse(db, passkey, newCounter, deps.now()))) throw refused();
  const user = await findUserById(db, passkey.userId);
  if (!user) throw refused();
  return user;
}
