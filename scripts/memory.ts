/**
 * `tsx scripts/memory.ts`: the memory budgets of DESIGN.md §8, on the server as
 * `npm start` runs it (its start command from package.json, so the same environment,
 * and a fresh DATA_DIR that it seeds with the demo content). Needs `npm run build`.
 * 1. RSS 3 s after it answers /api/health, and 3 s after one view of each public page.
 * 2. Peak RSS (VmHWM, reset after the admin's login, as the load begins) during
 *    MEMORY_SECONDS (60) of autocannon over the public pages, 10 connections, while 48
 *    phone-sized JPEGs (4000×3000, 2–3 MB) are sent to POST /api/admin/upload four at a
 *    time; until both are done (the uploads may take longer than the pages).
 * 3. RSS MEMORY_SETTLE_SECONDS (60) after that.
 * The process's RSS is read from /proc, so this runs on Linux only.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";

const PAGES = [
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
const SECONDS = Number(process.env.MEMORY_SECONDS ?? 60);
const SETTLE_SECONDS = Number(process.env.MEMORY_SETTLE_SECONDS ?? 60);
const UPLOADS = 48;
const UPLOADS_AT_ONCE = 4;
const PASSWORD = "memory-check-password";
const PORT = Number(process.env.PORT ?? 3917);
const BASE = `http://127.0.0.1:${PORT}`;
/** Kept between runs: making 48 twelve-megapixel photos takes a while. */
const PHOTOS = join(tmpdir(), "club-memory-photos");

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

/** Noise-ish photos: a smooth random field with fine grain, so JPEG cannot squeeze them small. */
async function photos(): Promise<string[]> {
  mkdirSync(PHOTOS, { recursive: true });
  const paths: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const path = join(PHOTOS, `photo-${i}.jpg`);
    paths.push(path);
    if (existsSync(path)) continue;
    const coarse = Buffer.alloc(40 * 30 * 3);
    for (let j = 0; j < coarse.length; j++) coarse[j] = Math.floor(Math.random() * 256);
    const smooth = await sharp(coarse, { raw: { width: 40, height: 30, channels: 3 } })
      .resize(4000, 3000, { kernel: "cubic" })
      .raw()
      .toBuffer();
    for (let j = 0; j < smooth.length; j++)
      smooth[j] = Math.max(0, Math.min(255, smooth[j] + Math.floor(Math.random() * 32) - 16));
    await sharp(smooth, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 85 })
      .toFile(path);
  }
  const sizes = paths.map((path) => statSync(path).size / 1_048_576);
  console.log(`${UPLOADS} photos of ${Math.min(...sizes).toFixed(1)}–${Math.max(...sizes).toFixed(1)} MB in ${PHOTOS}`);
  return paths;
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error("the server did not become healthy in 60 s");
}

async function upload(token: string, path: string): Promise<void> {
  const form = new FormData();
  form.append("image", new Blob([readFileSync(path)], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${BASE}/api/admin/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

async function main() {
  const files = await photos();
  const dataDir = mkdtempSync(join(tmpdir(), "club-memory-"));
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  // The start command itself, not npm: it execs node, so the child's pid is the server's.
  const server = spawn("sh", ["-c", start], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", ADMIN_PASSWORD: PASSWORD },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pid = server.pid ?? NaN;
  try {
    await waitForHealth();
    // The login check's dummy scrypt hash (128 MB for a moment) is made just after start.
    await sleep(3000);
    const started = status(pid);
    console.log(`after start:        RSS ${mb(started.rss)} (peak so far ${mb(started.hwm)})`);
    for (const page of PAGES) await (await fetch(`${BASE}${page}`, { headers: { "accept-encoding": "gzip" } })).text();
    await sleep(3000);
    const viewed = status(pid);
    console.log(`after first views:  RSS ${mb(viewed.rss)} (budget 150 MB; peak so far ${mb(viewed.hwm)})`);

    const login = await fetch(`${BASE}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    // VmHWM counts from here: "5" resets it (proc(5), /proc/pid/clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    let sampledPeak = 0;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, status(pid).rss)), 250);
    const began = Date.now();
    const pages = autocannon({
      url: BASE,
      connections: 10,
      duration: SECONDS,
      requests: PAGES.map((path) => ({ path, headers: { "accept-encoding": "gzip" } })),
    });
    const queue = [...files];
    const worker = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) await upload(token, path);
    };
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
    const uploadSeconds = (Date.now() - began) / 1000;
    const result = await pages;
    clearInterval(sampler);
    const loaded = status(pid);
    console.log(
      `under load:         peak RSS ${mb(loaded.hwm)} (budget 400 MB; sampled ${mb(sampledPeak)}), RSS at the end ${mb(loaded.rss)};` +
        ` ${UPLOADS} uploads in ${uploadSeconds.toFixed(0)} s, ${result.requests.total} pages at ${result.requests.average.toFixed(0)} req/s` +
        ` (p99 ${result.latency.p99} ms, ${result.errors + result.non2xx + result.timeouts} errors)`,
    );
    await sleep(SETTLE_SECONDS * 1000);
    console.log(`${SETTLE_SECONDS} s later:        RSS ${mb(status(pid).rss)} (budget 250 MB)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
