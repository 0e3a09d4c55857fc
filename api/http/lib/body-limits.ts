import { bodyLimit } from "hono/body-limit";

export const MB = 1024 * 1024;
export const JSON_BODY_LIMIT = 1 * MB;
export const ADMIN_UPLOAD_LIMIT = 5 * MB;
/** Room for multipart boundaries and part headers around a 5 MB file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
export const NEWS_UPLOAD_LIMIT = 10 * MB;

export const ADMIN_UPLOAD_TOO_LARGE = "Image must be less than 5MB";
export const NEWS_UPLOAD_TOO_LARGE = "File size must be less than 10MB";

/** Rejects an oversized body with 413 { message } before the handler reads it. */
export function limitBody(maxSize: number, message: string) {
  return bodyLimit({ maxSize, onError: (c) => c.json({ message }, 413) });
}

export const jsonLimit = limitBody(JSON_BODY_LIMIT, "Request body must be less than 1MB");
