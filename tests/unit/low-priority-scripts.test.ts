import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "~/lib/document/low-priority-scripts.server";

const HTML =
  "<main><p>Caf\u00e9 \u{1F389} club</p></main>" +
  '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/_shared/chunk-A.js"/>' +
  '<script type="module" async="">import "/build/entry.js";</script>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityScripts()));
}

describe("the page's scripts are fetched at low priority", () => {
  const expected = HTML.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  it("marks every module preload and changes nothing else", async () => {
    expect(await through([Buffer.from(HTML)])).toBe(expected);
  });

  it("finds tags and characters split at every byte between two chunks", async () => {
    const bytes = Buffer.from(HTML);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(expected);
    }
  });

  it("passes a byte at a time through whole", async () => {
    const bytes = Buffer.from(HTML);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });
});
