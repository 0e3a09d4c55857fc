import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/lib/document/without-nul-bytes.server";

/**
 * A page's text with characters of 2, 3 and 4 bytes, after `lead` bytes of ASCII: as
 * `lead` runs past React's 2 KB buffer, each kind of character falls on its boundary at
 * every offset. Every text is a short piece, as a page's texts are (a title, a date): a
 * long one is encoded apart from the buffer, and the buffer starts afresh after it.
 */
function Page({ lead }: { lead: number }) {
  const pieces = ["Caf\u00e9 \u00c9t\u00e9", "\u20ac5 \u2014 \u2018Sam\u2019", "\u26bd \u{1F3C9} \u{1F389}\u{1F44D}"];
  return (
    <main>
      {Array.from({ length: Math.ceil(lead / 500) }, (_, index) => (
        <span key={index}>{"x".repeat(Math.min(500, lead - index * 500))}</span>
      ))}
      {Array.from({ length: 12 }, (_, index) => (
        <p key={index}>{pieces[index % pieces.length]}</p>
      ))}
    </main>
  );
}

function streamed(lead: number, filter: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const { pipe } = renderToPipeableStream(<Page lead={lead} />, {
      onAllReady() {
        if (filter) {
          const page = withoutNulBytes();
          page.pipe(out);
          pipe(page);
        } else pipe(out);
        resolve(buffer(out));
      },
      onShellError: reject,
    });
  });
}

describe("a page's bytes", () => {
  // Around the first two boundaries of React's 2,048-byte buffer.
  const leads = [
    ...Array.from({ length: 160 }, (_, i) => 1_940 + i),
    ...Array.from({ length: 160 }, (_, i) => 3_990 + i),
  ];

  it("never carry a NUL byte, with characters of every width at every offset around React's 2 KB boundary", async () => {
    for (const lead of leads) {
      const bytes = await streamed(lead, true);
      expect(bytes.includes(0), `lead ${lead}`).toBe(false);
      expect(bytes.toString("utf8"), `lead ${lead}`).toBe(renderToString(<Page lead={lead} />));
    }
  });

  it("would carry them unfiltered: React 18.3's streaming writer pads a buffer a character did not fit in", async () => {
    let padded = 0;
    for (const lead of leads) if ((await streamed(lead, false)).includes(0)) padded += 1;
    expect(padded).toBeGreaterThan(0);
  });
});
