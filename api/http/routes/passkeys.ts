import { Hono } from "hono";
import { z } from "zod";
import {
  countPasskeys,
  deletePasskey,
  findPasskey,
  insertPasskey,
  listPasskeys,
  MAX_PASSKEYS,
  passkeyDescriptors,
} from "../../store/passkeys";
import { findUserById, type UserRecord } from "../../store/users";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { deviceName } from "../lib/devices";
import { ApiError, notFound } from "../lib/errors";
import { addPasskeyBody } from "../lib/passkey-bodies";
import { keepChallenge, spendChallenge } from "../lib/passkey-challenge";
import { expectations, PASSKEY_CHALLENGE_MS, relyingParty, userHandle, USER_VERIFICATION } from "../lib/relying-party";
import { readProof, recheck } from "../lib/recheck";
import { webAuthn } from "../lib/webauthn";
import { readJson, validate } from "../lib/validation";
import { passkeySignInRoutes } from "./passkey-sign-in";

export const PASSKEY_NOT_VERIFIED = "response: the passkey could not be checked";
export const PASSKEY_TAKEN = "This passkey is already registered";
export const PASSKEYS_FULL = `You have ${MAX_PASSKEYS} passkeys, the most one person can keep. Remove one you no longer use, then add this one.`;

const passkeyParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/) });

/**
 * Everyone's own passkeys (docs/product.md, 'Passkeys'): the options to make one, the
 * browser's answer checked and kept, the list, and removal; and signing in with one
 * (routes/passkey-sign-in.ts). A passkey signs in alone, so adding or removing one asks
 * for the password or a current code (lib/recheck.ts): when adding, at the options,
 * before the browser makes anything; the challenge they hand out, which works once for
 * that person only, then stands for the proof at the finish.
 */
export function passkeyRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  app.use("/admin/passkeys", requireAdmin(deps));
  app.use("/admin/passkeys/*", requireAdmin(deps));

  app.get("/admin/passkeys", async (c) => c.json(await listPasskeys(db, c.get("userId"))));

  async function me(userId: number): Promise<UserRecord> {
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(401, "Your session has expired. Please log in again.");
    return user;
  }

  // Asked before the browser makes a passkey and again before one is kept (two tabs at once).
  async function roomForAnother(userId: number): Promise<void> {
    if ((await countPasskeys(db, userId)) >= MAX_PASSKEYS) throw new ApiError(409, PASSKEYS_FULL);
  }

  app.post("/admin/passkeys/options", jsonLimit, async (c) => {
    const proof = await readProof(c);
    const user = c.get("user");
    await recheck(deps, c, await me(user.id), proof);
    await roomForAnother(user.id);
    const rp = relyingParty(deps);
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: rp.id,
      rpID: rp.id,
      userID: userHandle(user.id),
      userName: user.username,
      userDisplayName: user.name || user.username,
      timeout: PASSKEY_CHALLENGE_MS,
      attestationType: "none",
      // The same device twice would only replace its own passkey: the browser says so instead.
      excludeCredentials: await passkeyDescriptors(db, user.id),
      authenticatorSelection: { residentKey: "required", userVerification: USER_VERIFICATION },
    });
    const challengeId = await keepChallenge(deps, "passkey-register", user.id, options.challenge);
    return c.json({ challengeId, options });
  });

  app.post("/admin/passkeys", jsonLimit, async (c) => {
    const body = validate(addPasskeyBody, await readJson(c));
    const user = c.get("user");
    const expectedChallenge = await spendChallenge(deps, "passkey-register", body.challengeId, user.id);
    const { verifyRegistrationResponse } = await webAuthn();
    const verification = await verifyRegistrationResponse({
      response: body.response,
      ...expectations(deps, expectedChallenge),
    }).catch((error: unknown) => {
      throw new ApiError(400, `${PASSKEY_NOT_VERIFIED} (${error instanceof Error ? error.message : "refused"})`, {
        field: "response",
        problem: { code: "invalid" },
      });
    });
    if (!verification.verified) {
      throw new ApiError(400, PASSKEY_NOT_VERIFIED, { field: "response", problem: { code: "invalid" } });
    }
    const { credential } = verification.registrationInfo;
    if (await findPasskey(db, credential.id)) throw new ApiError(409, PASSKEY_TAKEN);
    await roomForAnother(user.id);
    const name = body.name ?? deviceName(c.req.header("user-agent") ?? null);
    const now = deps.now();
    await insertPasskey(
      db,
      {
        id: credential.id,
        userId: user.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? body.response.response.transports ?? [],
        name,
      },
      now,
    );
    await recordChange(deps, c, "passkey.add", { type: "passkey", id: credential.id, title: name });
    return c.json({ id: credential.id, name, createdAt: now.toISOString(), lastUsedAt: null }, 201);
  });

  app.delete("/admin/passkeys/:id", jsonLimit, async (c) => {
    const parsed = passkeyParam.safeParse({ id: c.req.param("id") });
    if (!parsed.success) throw notFound();
    const proof = await readProof(c);
    const userId = c.get("userId");
    // Someone else's passkey, or none: 404 before any proof is asked for or counted.
    if ((await findPasskey(db, parsed.data.id))?.userId !== userId) throw notFound();
    await recheck(deps, c, await me(userId), proof);
    const name = await deletePasskey(db, userId, parsed.data.id);
    if (name === null) throw notFound();
    await recordChange(deps, c, "passkey.remove", { type: "passkey", id: parsed.data.id, title: name });
    return c.json({ ok: true });
  });

  app.route("/", passkeySignInRoutes(deps));
  return app;
}
