import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { MB, UPLOAD_LIMITS } from "../../../common/upload-limits";

export const JSON_BODY_LIMIT = 1 * MB;
/** Events and gallery (POST /api/admin/upload); the browser checks the same limit before sending. */
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

/** How much more of a streamed upload is read, and dropped, to refuse it cleanly. */
export const UPLOAD_DRAIN_LIMIT = 64 * MB;

/**
 * The body limit of the calls that take a file (docs/product.md, 'The calls it makes'). A
 * declared Content-Length over `maxSize` is refused at once, before a byte is read. A
 * body without one (a file sent on as it arrives, in chunks) is read to its end before
 * it is refused, what is over the limit dropped: answering while it still arrives
 * leaves its rest on the connection, and a client that keeps the connection for its
 * next call (Node's fetch does) then finds it closed under that call. Past
 * UPLOAD_DRAIN_LIMIT more, the refusal closes the connection instead.
 */
export function limitUploadBody(maxSize: number, message: string) {
  const declared = limitBody(maxSize, message);
  return createMiddleware(async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body || (raw.headers.has("content-length") && !raw.headers.has("transfer-encoding"))) {
      return declared(c, next);
    }
    // One buffer, grown as the body comes (as hono's bodyLimit does): no piece is held
    // twice, and its memory is an ArrayBuffer's, which the garbage collector counts.
    let kept = new Uint8Array(0);
    let size = 0;
    const reader = raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const offset = size;
      size += value.byteLength;
      if (size <= maxSize) {
        if (size > kept.byteLength) {
          const grown = new Uint8Array(Math.min(maxSize, Math.max(size, kept.byteLength * 2)));
          grown.set(kept.subarray(0, offset));
          kept = grown;
        }
        kept.set(value, offset);
      } else if (size > maxSize + UPLOAD_DRAIN_LIMIT) {
        await reader.cancel();
        c.header("Connection", "close");
        break;
      }
    }
    if (size > maxSize) return c.json({ message }, 413);
    c.req.raw = new Request(raw, { body: kept.subarray(0, size) });
    await next();
  });
}
