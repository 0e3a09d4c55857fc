import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** How many characters at the end of `text` could be the start of a PRELOAD tag. */
function partialPreloadAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

/**
 * Passes the server's HTML through, asking the browser to fetch the page's scripts at
 * low priority. Every page is whole without JavaScript, so its text and images should
 * reach the screen first and hydration can follow; Remix's <Scripts> gives no way to
 * say so. A tag split across two chunks of the stream is still found: the end of a
 * chunk that could begin one waits for the next.
 */
export function lowPriorityScripts(): Transform {
  const decoder = new TextDecoder();
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = (pending + decoder.decode(chunk, { stream: true })).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const ready = pending.length - partialPreloadAtEnd(pending);
      const out = pending.slice(0, ready);
      pending = pending.slice(ready);
      done(null, out);
    },
    flush(done) {
      done(null, pending + decoder.decode());
    },
  });
}
