import { routePath } from "../../common/paths";
import { ADD_MANY_PATH, MAX_BATCH_FILES } from "./uploads/batch";
import { BATCH_PHOTO_MAX_BYTES } from "./uploads/photo-size";

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

/**
 * Many photos in one form (docs/product.md, 'Photos'): the most files of a batch at the largest
 * size each (a phone's photo, which the server shrinks), and room for the rest. It streams
 * through one file at a time, so this bounds the time a batch takes, not the memory.
 */
export const MAX_BATCH_FORM_BYTES = MAX_BATCH_FILES * BATCH_PHOTO_MAX_BYTES + 1 * MB;
/**
 * The server's bounds on time (server.ts). A whole request may take 15 minutes: many
 * photos posted in one form are added while their body streams in (docs/product.md,
 * 'Photos'), which on a busy 2-core machine takes minutes, and Node's default 5 would cut
 * a batch of 50 off; a body arriving too slowly is cut long before (security/open-bodies).
 * Headers have 20 s (Node's default is 60), looked at every 5 s.
 */
export const SERVER_TIMEOUTS = {
  requestTimeout: 15 * 60 * 1000,
  headersTimeout: 20_000,
  connectionsCheckingInterval: 5_000,
} as const;

/** A form without a file, and each text field of one with a file (the news HTML is the largest). */
export const MAX_FORM_BYTES = 1 * MB;

/** The admin pages whose forms may carry an image file; every other form is small. */
const FILE_FORM_PATHS = /^\/admin\/(news|events|gallery|uploads\/)/;

/** The most a request to this path may send: server.ts refuses more before reading it. */
export function maxRequestBytes(pathname: string): number {
  if (routePath(pathname).replace(/\/+$/, "") === ADD_MANY_PATH) return MAX_BATCH_FORM_BYTES;
  return FILE_FORM_PATHS.test(routePath(pathname)) ? MAX_UPLOAD_FORM_BYTES : MAX_FORM_BYTES;
}
