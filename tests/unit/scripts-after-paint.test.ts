import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "~/lib/document/scripts-after-paint.server";

const NONCE = "bm9uY2Utb2YtdGhpcy1hbnN3ZXI=";
// A module preload in the head (a route's links) is not <Scripts>' block: it stays as it is.
const HEAD = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/build/asked-by-a-route.js"/></head>';
const PAGE = "<body><main><p>Caf\u00e9 \u{1F389} club</p><script>history.scrollRestoration</script></main>";
// What Remix's <Scripts> writes at the end of the body, as it writes it.
const SCRIPTS =
  '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/_shared/chunk-A.js"/>' +
  `<script nonce="${NONCE}">window.__remixContext = {"url":"/events","text":"a \\u003c/script\\u003e b"};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/build/entry.js";</script>`;
const END = "</body></html>";

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint(NONCE)));
}

describe("the page's scripts wait for its first paint", () => {
  const html = HEAD + PAGE + SCRIPTS + END;
  const expected = (() => {
    const block = SCRIPTS.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
    return `${HEAD}${PAGE}<template id="hydration-scripts">${block}</template>`;
  })();

  it("holds Remix's scripts in a template, at low priority, and adds the script that puts them back", async () => {
    const out = await through([Buffer.from(html)]);
    expect(out.startsWith(expected)).toBe(true);
    const rest = out.slice(expected.length);
    expect(rest).toMatch(
      new RegExp(`^<script nonce="${NONCE}">(?:(?!</script>).)*hydration-scripts.*?</script>${END}$`),
    );
    expect(rest).toContain("first-contentful-paint");
  });

  it("finds the block split at every byte between two chunks", async () => {
    const whole = await through([Buffer.from(html)]);
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(whole);
    }
  });

  it("passes a byte at a time through whole", async () => {
    const bytes = Buffer.from(html);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(await through([bytes]));
  });

  it("leaves a page without Remix's scripts as it is", async () => {
    expect(await through([Buffer.from(HEAD + PAGE + END)])).toBe(HEAD + PAGE + END);
  });

  it("still closes the template and puts the scripts back when the stream ends inside the block", async () => {
    const cutShort = HEAD + PAGE + SCRIPTS.slice(0, SCRIPTS.indexOf('<script nonce="'));
    const out = await through([Buffer.from(cutShort)]);
    expect(out).toMatch(/<\/template><script nonce="[^"]+">(?:(?!<\/script>).)*hydration-scripts.*?<\/script>$/);
  });
});
