/**
 * `npm run bench`: the figures DESIGN.md §8 budgets, measured on this machine.
 * - JavaScript a first visit downloads, per public page (gzip).
 * - Server render time of each public page with the embedded API in-process
 *   (median and 95th percentile over a bounded number of requests; no sockets).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { createApi } from "../api/app";
import { gzipBytes, readManifest, routeModules } from "./bundle-size";

const PAGES: Array<[string, string]> = [
  ["/", "routes/_index"],
  ["/news", "routes/news"],
  ["/events", "routes/events"],
  ["/gallery", "routes/gallery"],
  ["/who-we-are", "routes/who-we-are"],
  ["/what-we-do", "routes/what-we-do"],
];
const REQUESTS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const manifest = readManifest();
  console.log("JavaScript on a first visit (gzip):");
  for (const [path, routeId] of PAGES) {
    console.log(`  ${path.padEnd(12)} ${(gzipBytes(routeModules(manifest, routeId)) / 1024).toFixed(1)} KB`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-"));
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret";
  const api = await createApi({
    dataDir,
    adminUsername: "admin",
    adminPassword: "bench-password-1",
    seedDemo: true,
    trustProxy: false,
    signingSecret: "bench-signing-secret-bench-signing",
  });
  const build = (await import(pathToFileURL(resolve("build/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const context = { apiFetch: (request: Request) => api.fetch(request), cspNonce: "bench" };

  console.log(`\nServer render, ${REQUESTS} sequential requests each (ms):`);
  for (const [path] of PAGES) {
    const timings: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await handle(new Request(`http://localhost${path}`), context);
      await response.text();
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(`  ${path.padEnd(12)} median ${percentile(timings, 50).toFixed(2)}  p95 ${percentile(timings, 95).toFixed(2)}`);
  }
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
