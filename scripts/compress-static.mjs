// Compresses public/ once, at build time: next to each text file (JS, CSS, SVG, …)
// go a .br (brotli, best) and a .gz, which the server sends to a browser that accepts
// them instead of compressing the same bytes again on every request. The .gz is made
// with Zopfli: ordinary gzip that any browser reads, about 3 % smaller than zlib's
// best, which is worth its seconds at build time for files sent to every visitor.
// Images are compressed formats already and are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import zopfli from "@gfx/zopfli";

const ROOT = "public";
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|map)$/;
/** Below this, the Content-Encoding header outweighs what compression saves. */
const MIN_BYTES = 256;
/** Zopfli's passes: beyond a few, each gains a handful of bytes for much more time. */
const ZOPFLI_ITERATIONS = 5;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function compressStatic(root = ROOT) {
  const work = [];
  for (const path of files(root)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    work.push(
      zopfli.gzipAsync(bytes, { numiterations: ZOPFLI_ITERATIONS }).then((gz) => writeFileSync(`${path}.gz`, gz)),
    );
  }
  await Promise.all(work);
  return work.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const count = await compressStatic();
  console.log(
    `Compressed ${count} files in ${ROOT}/ (brotli and gzip) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
