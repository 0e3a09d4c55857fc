// Bundles server.ts (and the api/, app/lib and common/ code it imports) into one ES
// module, build/server.js, so `npm start` runs plain JavaScript with node: no
// TypeScript compiler at run time. Packages stay in node_modules (better-sqlite3 and
// sharp are native).
import { pathToFileURL } from "node:url";

export const SERVER_BUNDLE = "build/server.js";

export async function buildServer() {
  const { build } = await import("esbuild");
  await build({
    entryPoints: ["server.ts"],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
