import { Hono, type Context } from "hono";
import { z } from "zod";
import { deleteChallenges, findUserChallenge, insertChallenge } from "../../store/auth-challenges";
import { countRecoveryCodesLeft, disableTotp, enableTotp, replaceRecoveryCodes } from "../../store/two-factor";
import { readRequireTwoFactor } from "../../store/site-settings";
import { findUserById, type UserRecord } from "../../store/users";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { hashRecoveryCode, newRecoveryCodes } from "../lib/recovery-codes";
import { generateToken, hashToken } from "../lib/tokens";
import { DEFAULT_ISSUER, newTotpSecret, qrCodeSvg, totpStepOf, totpUri } from "../lib/totp";
import { proofBody, readProof, recheck } from "../lib/recheck";
import { optionalText, readJson, requiredText, validate } from "../lib/validation";
import { secondFactorRoutes } from "./second-factor";
import { siteSettingsRoutes } from "./site-settings";

/** A set-up waits this long for its first code before the secret is thrown away. */
const SETUP_LIFETIME_MS = 15 * 60 * 1000;

const startSchema = proofBody.extend({ issuer: optionalText(100) });
const confirmSchema = z.object({ code: requiredText(40) });

/** What an authenticator app is shown to set itself up: the secret, typed or as a QR code. */
async function setupAnswer(username: string, secret: string, issuer: string) {
  const uri = totpUri(secret, username, issuer);
  return { secret, uri, qrSvg: await qrCodeSvg(uri) };
}

/**
 * Authenticator codes on a person's own account (docs/product.md, 'The committee'): start a set-up
 * with the password (the secret waits in auth_challenges, so any instance can take the
 * confirmation), confirm it with a first code (answers the recovery codes, once), turn it
 * off, make new recovery codes (each of these two with the password or a current code in
 * the same request: lib/recheck.ts). With them: the second step of a sign-in, and the site
 * setting that makes two-factor sign-in compulsory.
 */
export function twoFactorRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  const signedIn = requireAdmin(deps);

  async function me(c: Context<ApiEnv>): Promise<UserRecord> {
    const user = await findUserById(db, c.get("user").id);
    if (!user) throw new ApiError(401, "Your session has expired. Please log in again.");
    return user;
  }

  async function issueRecoveryCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
    return codes;
  }

  app.get("/admin/two-factor", signedIn, async (c) => {
    const user = await me(c);
    return c.json({
      totp: user.totpSecret !== null,
      recoveryCodesLeft: await countRecoveryCodesLeft(db, user.id),
      required: await readRequireTwoFactor(db),
    });
  });

  app.get("/admin/two-factor/totp/setup", signedIn, async (c) => {
    const user = await me(c);
    const pending = await findUserChallenge(db, user.id, "totp-setup", deps.now());
    if (!pending?.value || user.totpSecret) throw new ApiError(404, "No set-up in progress");
    const { secret, issuer } = JSON.parse(pending.value) as { secret: string; issuer: string };
    return c.json(await setupAnswer(user.username, secret, issuer));
  });

  app.post("/admin/two-factor/totp/setup", signedIn, jsonLimit, async (c) => {
    const { issuer, ...proof } = validate(startSchema, await readJson(c));
    const user = await me(c);
    if (user.totpSecret) throw new ApiError(409, "Authenticator codes are already on. Turn them off first.");
    // A stolen session must not put its own authenticator on the account and lock its owner out.
    await recheck(deps, c, user, proof);
    const now = deps.now();
    await deleteChallenges(db, now, { purpose: "totp-setup", userId: user.id });
    const secret = newTotpSecret();
    const chosenIssuer = issuer ?? DEFAULT_ISSUER;
    await insertChallenge(
      db,
      {
        idHash: hashToken(generateToken()),
        purpose: "totp-setup",
        userId: user.id,
        value: JSON.stringify({ secret, issuer: chosenIssuer }),
        expiresAt: new Date(now.getTime() + SETUP_LIFETIME_MS),
      },
      now,
    );
    return c.json(await setupAnswer(user.username, secret, chosenIssuer));
  });

  app.post("/admin/two-factor/totp/confirm", signedIn, jsonLimit, async (c) => {
    const { code } = validate(confirmSchema, await readJson(c));
    const user = await me(c);
    const now = deps.now();
    const pending = await findUserChallenge(db, user.id, "totp-setup", now);
    if (!pending?.value || user.totpSecret) throw new ApiError(409, "Start the set-up again: it has expired.");
    const { secret } = JSON.parse(pending.value) as { secret: string };
    const step = totpStepOf(secret, code, now);
    if (step === null) {
      throw new ApiError(400, "code: is not the code the app shows", { field: "code", problem: { code: "invalid" } });
    }
    await enableTotp(db, user.id, secret, step);
    await deleteChallenges(db, now, { purpose: "totp-setup", userId: user.id });
    const recoveryCodes = await issueRecoveryCodes(user.id);
    await recordChange(deps, c, "two-factor.enable", { type: "user", id: user.id, title: user.name });
    return c.json({ recoveryCodes });
  });

  app.post("/admin/two-factor/totp/disable", signedIn, jsonLimit, async (c) => {
    const proof = await readProof(c);
    const user = await me(c);
    if (!user.totpSecret) throw new ApiError(409, "Authenticator codes are not on.");
    await recheck(deps, c, user, proof);
    await disableTotp(db, user.id);
    await recordChange(deps, c, "two-factor.disable", { type: "user", id: user.id, title: user.name });
    return c.json({ ok: true });
  });

  // New codes turn the old ones off, and one of them turns codes off: a stolen session alone cannot make them.
  app.post("/admin/two-factor/recovery-codes", signedIn, jsonLimit, async (c) => {
    const proof = await readProof(c);
    const user = await me(c);
    if (!user.totpSecret) throw new ApiError(409, "Authenticator codes are not on.");
    await recheck(deps, c, user, proof);
    const recoveryCodes = await issueRecoveryCodes(user.id);
    await recordChange(deps, c, "two-factor.recovery-codes", { type: "user", id: user.id, title: user.name });
    return c.json({ recoveryCodes });
  });

  app.route("/", secondFactorRoutes(deps));
  app.route("/", siteSettingsRoutes(deps));
  return app;
}
