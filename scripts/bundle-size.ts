import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * What a first visit to a route downloads in JavaScript, read from the Remix build
 * manifest: the entry, the root route and the route itself, with their imports.
 */
interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { parentId?: string }>;
}

const PUBLIC_DIR = "public";

export function readManifest(): Manifest {
  const dir = join(PUBLIC_DIR, "build");
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No build manifest: run `npm run build` first");
  const source = readFileSync(join(dir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** The module files a document request for this route id loads. */
export function routeModules(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  return [...files];
}

/**
 * The bytes the server sends for these files to a browser that takes gzip: the .gz
 * written at build time (scripts/compress-static.mjs), or the file itself when it is
 * too small to be worth compressing.
 */
export function gzipBytes(files: string[]): number {
  return files.reduce((sum, file) => {
    const path = join(PUBLIC_DIR, file);
    return sum + statSync(existsSync(`${path}.gz`) ? `${path}.gz` : path).size;
  }, 0);
}

export function source(files: string[]): string {
  return files.map((file) => readFileSync(join(PUBLIC_DIR, file), "utf8")).join("\n");
}
