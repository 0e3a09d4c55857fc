import { routePath } from "./paths";

/**
 * How much a request may send, decided before anything reads its body (server.ts) and
 * again while a form is read (form-body.server.ts).
 */
export const MB = 1024 * 1024;

/**
 * A file over its flow's limit is read and dropped (so the typed fields survive and the
 * administrator hears 'File too large'); a form body beyond this is refused outright.
 */
export const MAX_UPLOAD_FORM_BYTES = 50 * MB;

/** A form without a file, and each text field of one with a file (the news HTML is the largest). */
export const MAX_FORM_BYTES = 1 * MB;

/** The admin pages whose forms may carry an image file; every other form is small. */
const FILE_FORM_PATHS = /^\/admin\/(news|events|gallery|uploads\/)/;

/** The most a request to this path may send: server.ts refuses more before reading it. */
export function maxRequestBytes(pathname: string): number {
  return FILE_FORM_PATHS.test(routePath(pathname)) ? MAX_UPLOAD_FORM_BYTES : MAX_FORM_BYTES;
}
