import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { readGalleryPassphrase, writeGalleryPassphrase } from "../../store/site-settings";
import { clearFailures, recordFailure, releaseAttempt } from "../../store/login-failures";
import { recordChange } from "../lib/activity";
import { requireAdmin, requireRole } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import { clientAddress } from "../lib/client-address";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { galleryCookieHeader } from "../lib/gallery-cookie";
import { checkInTurn, takeLoginTurn } from "../lib/login-turn";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { readJson, validate } from "../lib/validation";

export const PASSPHRASE_MIN = 8;
const PASSPHRASE_MAX = 200;
export const WRONG_PASSPHRASE_MESSAGE = "That is not the gallery passphrase. Please check it and try again.";
export const NO_PASSPHRASE_MESSAGE = "The parents-only albums are closed at the moment. Please ask the club.";
const TOO_MANY = "Too many wrong passphrases";

const passphraseText = z
  .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
  .trim()
  .max(PASSPHRASE_MAX, `must be at most ${PASSPHRASE_MAX} characters`);

/** A new passphrase, or '' / null to remove it. */
const settingSchema = z.object({
  passphrase: passphraseText
    .nullable()
    .refine((v) => !v || v.length >= PASSPHRASE_MIN, `must be at least ${PASSPHRASE_MIN} characters`),
});
const unlockSchema = z.object({ passphrase: passphraseText.min(1, "is required") });

/**
 * Parents-only albums (docs/product.md, 'Photos'): the Administrator's gallery passphrase (its
 * scrypt hash and a new version each time, so every cookie given before ends) and a
 * visitor's unlock, which answers a signed cookie for 30 days. Wrong passphrases take
 * turns like sign-ins, counted per address apart from them, so a parent's typing never
 * locks the committee out of signing in from the same school network.
 */
export function galleryUnlockRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  app.get("/admin/settings/gallery-passphrase", requireAdmin(deps), async (c) => {
    return c.json({ set: (await readGalleryPassphrase(db)) !== null });
  });

  app.put(
    "/admin/settings/gallery-passphrase",
    requireAdmin(deps),
    requireRole("administrator"),
    jsonLimit,
    async (c) => {
      const { passphrase } = validate(settingSchema, await readJson(c));
      const next = passphrase
        ? { hash: await hashPassword(passphrase, deps.passwordCost), version: randomBytes(12).toString("base64url") }
        : null;
      await writeGalleryPassphrase(db, next);
      await recordChange(deps, c, "settings.update", {
        type: "setting",
        id: "galleryPassphrase",
        title: next ? "Gallery passphrase changed" : "Gallery passphrase removed",
      });
      return c.json({ set: next !== null });
    },
  );

  app.post("/gallery/unlock", jsonLimit, async (c) => {
    const { passphrase } = validate(unlockSchema, await readJson(c));
    const address = `gallery ${clientAddress(c, deps.trustProxy)}`;
    const attemptId = await takeLoginTurn(deps, address, TOO_MANY);
    const current = await readGalleryPassphrase(db);
    if (!current) {
      await releaseAttempt(db, attemptId);
      throw new ApiError(403, NO_PASSPHRASE_MESSAGE);
    }
    if (!(await checkInTurn(deps, attemptId, () => verifyPassword(passphrase, current.hash)))) {
      await recordFailure(db, address, attemptId, deps.now());
      throw new ApiError(401, WRONG_PASSPHRASE_MESSAGE, { field: "passphrase" });
    }
    await clearFailures(db, address, attemptId);
    c.header("Set-Cookie", galleryCookieHeader(deps, current.version));
    c.header("Cache-Control", "private, no-store");
    return c.json({ ok: true });
  });

  return app;
}
