// Compresses public/ once, at build time: next to each text file (JS, CSS, SVG, …)
// go a .br (brotli, best) and a .gz (gzip, best), which the server sends to a browser
// that accepts them instead of compressing the same bytes again on every request.
// Images are compressed formats already and are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "public";
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|map)$/;
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function compressStatic(root = ROOT) {
  let count = 0;
  for (const path of files(root)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Compressed ${compressStatic()} files in ${ROOT}/ (brotli and gzip).`);
}
