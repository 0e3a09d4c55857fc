import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { startServing, stop } from "../lib/server";
import { AdminApi, BENCH_PASSWORD } from "./admin-client";
import { get, sleep } from "./http";
import { memoryOf, resetPeak, serverPid } from "./process-memory";

/**
 * 'Budgets' in docs/architecture.md memory budget on the demo data (SQLite, on the server started
 * by package.json's start command, so with its malloc and V8 settings): RSS right after
 * start, the peak during mixed public load while photos are uploaded, and RSS a while
 * after. BENCH_LOAD_SECONDS, BENCH_SETTLE_SECONDS and BENCH_UPLOADS shorten it.
 */

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 48);
const UPLOADS_AT_ONCE = 4;
const CONNECTIONS = 10;
const PUBLIC_PAGES = [
  "/",
  "/news",
  "/events",
  "/gallery",
  "/who-we-are",
  "/what-we-do",
  "/news.xml",
  "/events.ics",
  "/sitemap.xml",
];
const TARGET_MB = { idle: 150, peak: 400, after: 250 };

/**
 * A phone-sized photo (4000×3000, quality 90) of 2–3 MB: random pixels at 320×240,
 * enlarged, so it is smooth enough to compress like a photo yet unique every time.
 * More random pixels make a larger file (720×540: about 4 MB).
 */
export function photo([width, height] = [320, 240]): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .resize(4000, 3000, { kernel: "cubic" })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadAll(api: AdminApi, photos: Buffer[]): Promise<number> {
  const start = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < photos.length) {
      const i = next++;
      await api.upload(photos[i], "image/jpeg", `photo-${i + 1}.jpg`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, sender));
  return (performance.now() - start) / 1000;
}

const range = (values: number[]) =>
  values.length ? `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}` : "—";
const mb = (value: number) => `${value.toFixed(0)} MB`.padStart(7);
const line = (what: string, value: number, target: number) =>
  console.log(`  ${what.padEnd(58)} ${mb(value)}  (target ≤ ${target} MB) ${value <= target ? "ok" : "MISSED"}`);

export async function measureMemory(): Promise<void> {
  // Made before the server starts, so making them competes with nothing measured.
  const photos: Buffer[] = [];
  for (let i = 0; i < UPLOADS; i++) photos.push(await photo());
  const sizes = photos.map((p) => p.length / 1024 / 1024);
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-memory-"));
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD }, { compiled: true });
  try {
    if (server.child.pid === undefined) throw new Error("the server has no pid");
    const pid = serverPid(server.child.pid);
    // The start makes one password hash up front (api/ops/start-up.ts, for the first
    // sign-in of an unknown name): scrypt holds 128 MB for a moment after the port opens.
    await sleep(1000);
    const atStart = memoryOf(pid).rssMb;
    for (const page of PUBLIC_PAGES) await get(`${server.base}${page}`);
    const afterViews = memoryOf(pid).rssMb;

    const api = await AdminApi.login(server.base);
    resetPeak(pid);
    const [load, uploadSeconds] = await Promise.all([
      autocannon({
        url: server.base,
        connections: CONNECTIONS,
        duration: LOAD_SECONDS,
        headers: { "accept-encoding": "gzip" },
        // Each connection goes round the public pages in turn.
        requests: PUBLIC_PAGES.map((path) => ({ method: "GET" as const, path })),
      }),
      uploadAll(api, photos),
    ]);
    const peak = memoryOf(pid).peakMb;
    await sleep(SETTLE_SECONDS * 1000);
    const after = memoryOf(pid).rssMb;

    console.log(`\nMemory on the demo data (SQLite), the server's RSS:`);
    console.log(
      `  load: ${LOAD_SECONDS} s, ${CONNECTIONS} connections over ${PUBLIC_PAGES.length} public pages ` +
        `(${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms, ` +
        `${load.errors + load.non2xx + load.timeouts} errors), ` +
        `with ${UPLOADS} JPEG uploads of 4000×3000, ${range(sizes)} MB, ` +
        `${UPLOADS_AT_ONCE} at a time (all sent in ${uploadSeconds.toFixed(0)} s)`,
    );
    line("right after start", atStart, TARGET_MB.idle);
    line("after one view of each public page", afterViews, TARGET_MB.idle);
    line("peak (VmHWM) during the load and uploads", peak, TARGET_MB.peak);
    line(`${SETTLE_SECONDS} s after the load ended`, after, TARGET_MB.after);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
