import { Transform } from "node:stream";

/**
 * React 18.3's streaming renderer copies text into 2 KB buffers, and when a character of
 * several bytes (an emoji, 'é') does not fit in what is left of one, it sends the whole
 * buffer, its unfilled tail of zero bytes included, and starts the character in the next.
 * A page whose text put an emoji on such a boundary carried U+0000 (docs/architecture.md,
 * 'Security baseline'). In UTF-8 a zero byte is only ever U+0000 itself, never part of
 * another character, and U+0000 has no place in an HTML page, so every one is dropped.
 */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
