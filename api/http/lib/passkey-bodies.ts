import { z } from "zod";
import { TEXT_LIMITS, tooLong } from "../../../common/text-limits";
import { optionalText } from "./validation";

/**
 * The bodies of the passkey calls (docs/product.md, 'Passkeys'), checked here so the
 * WebAuthn library only ever sees the shapes it expects: the browser's answer as
 * @simplewebauthn/browser sends it (base64url fields), and the id of the challenge the
 * /api handed out.
 */
const required = (iss: { input: unknown }) => (iss.input === undefined ? "is required" : "must be text");

/** Base64url text as WebAuthn answers carry it; the longest part (an attestation) stays well under this. */
const base64url = (max: number) =>
  z
    .string({ error: required })
    .min(1, "is required")
    .max(max, tooLong(max))
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

const credentialId = base64url(1400);

/** Transports the browser reports for a new passkey; names we do not know are dropped, not refused. */
const transports = z
  .array(z.string().max(40))
  .max(10)
  .optional()
  .transform((list) => list?.filter((t) => /^[a-z-]+$/.test(t)));

const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: "must be public-key" }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional().catch(undefined),
  clientExtensionResults: z
    .record(z.string(), z.unknown())
    .optional()
    .transform((v) => v ?? {}),
};

export const registrationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    transports,
  }),
});

export const authenticationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});

/** The id handed out with the options: the only way back to its challenge. */
export const challengeId = z
  .string({ error: required })
  .regex(/^[A-Za-z0-9_-]{20,200}$/, "must be the challengeId the options gave");

export const addPasskeyBody = z.object({
  challengeId,
  response: registrationResponse,
  /** What the person calls it; left out or blank, the device it was made on (lib/devices.ts). */
  name: optionalText(TEXT_LIMITS.shortText),
});

export const passkeySignInBody = z.object({ challengeId, response: authenticationResponse });
