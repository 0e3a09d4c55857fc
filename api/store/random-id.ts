import { randomBytes } from "node:crypto";

/** A random, URL-safe id (128 bits) for images and uploads. */
export function randomId(): string {
  return randomBytes(16).toString("base64url");
}

export const RANDOM_ID_PATTERN = "[A-Za-z0-9_-]{22}";
