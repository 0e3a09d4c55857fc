import { bodyLimit } from "hono/body-limit";
import { MB, UPLOAD_LIMITS } from "../../../common/upload-limits";

export const JSON_BODY_LIMIT = 1 * MB;
/** Events and gallery (POST /api/admin/upload); the admin screens check the same limit first. */
export const ADMIN_UPLOAD_LIMIT = UPLOAD_LIMITS.image.maxBytes;
/** Room for multipart boundaries and part headers around a 5 MB file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** The news image's signed PUT. */
export const NEWS_UPLOAD_LIMIT = UPLOAD_LIMITS.news.maxBytes;

export const ADMIN_UPLOAD_TOO_LARGE = UPLOAD_LIMITS.image.tooLarge;
export const NEWS_UPLOAD_TOO_LARGE = UPLOAD_LIMITS.news.tooLarge;

/** Rejects an oversized body with 413 { message } before the handler reads it. */
export function limitBody(maxSize: number, message: string) {
  return bodyLimit({ maxSize, onError: (c) => c.json({ message }, 413) });
}

export const jsonLimit = limitBody(JSON_BODY_LIMIT, "Request body must be less than 1MB");
