import { createHmac, timingSafeEqual } from "node:crypto";

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;

export function signUpload(secret: string, uploadId: string, expires: number): string {
  return createHmac("sha256", secret).update(`${uploadId}:${expires}`).digest("base64url");
}

export type SignatureCheck = "ok" | "expired" | "invalid";

/** Checks a presigned upload URL's expiry and signature (constant-time compare). */
export function checkUploadSignature(
  secret: string,
  uploadId: string,
  expiresParam: string | undefined,
  signature: string | undefined,
  now: Date,
): SignatureCheck {
  if (!expiresParam || !signature || !/^\d{1,12}$/.test(expiresParam)) return "invalid";
  const expires = Number(expiresParam);
  const expected = Buffer.from(signUpload(secret, uploadId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  if (Math.floor(now.getTime() / 1000) > expires) return "expired";
  return "ok";
}
