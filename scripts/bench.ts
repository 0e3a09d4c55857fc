/**
 * `npm run bench`: the figures docs/architecture.md, 'Budgets' budgets, measured side by side in one run
 * on this machine (it is noisy, so compare the ratios, not the absolute rates).
 * - JavaScript a first visit downloads, per public page (gzip).
 * - Each public page rendered by the real server against a static copy of the very
 *   same bytes sent by the same server: req/s, p99 and their ratio, 20 connections.
 * - /news and /events with 1,000 news items and 500 events in the database.
 * - The /api's reads and writes on SQLite and on PostgreSQL, side by side (a throwaway
 *   PostgreSQL server with its default, durable settings, as the tests start one).
 * Needs `npm run build`. BENCH_SECONDS sets each run's length (default 5).
 *
 * `npm run bench -- --scale` (or BENCH_SCALE=1) measures instead the bounds at 10,000
 * news items, 5,000 events and 2,000 images, and memory under load: see bench/scale.ts.
 * `npm run bench -- --mail` (or BENCH_MAIL=1) measures public pages while the e-mail
 * outbox drains: see bench/mail-drain.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createEvent } from "../api/store/events";
import { createNews } from "../api/store/news";
import { runBookingBench } from "./bench/bookings";
import { BENCH_PASSWORD } from "./bench/admin-client";
import { benchApi } from "./bench/in-process-api";
import { runMailBench } from "./bench/mail-drain";
import { runScale } from "./bench/scale";
import { runPublishingBench } from "./bench/publishing";
import { startCluster } from "./lib/postgres-cluster";
import { startServing, stop } from "./lib/server";
import { gzipBytes, readManifest, routeModules } from "./bundle-size";

const PAGES: Array<{ path: string; routeId: string; target: number }> = [
  { path: "/", routeId: "routes/_index", target: 0.5 },
  { path: "/news", routeId: "routes/news", target: 0.35 },
  { path: "/events", routeId: "routes/events", target: 0.35 },
  { path: "/gallery", routeId: "routes/gallery", target: 0.35 },
  // The demo's album (api/ops/seed.ts), the first one made.
  { path: "/gallery/albums/1", routeId: "routes/gallery_.albums.$id", target: 0.35 },
  { path: "/who-we-are", routeId: "routes/who-we-are", target: 0.35 },
  { path: "/what-we-do", routeId: "routes/what-we-do", target: 0.35 },
];
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const P99_BUDGET_MS = 30;
/** The server as `npm start` runs it: compiled JavaScript under node. */
const PRODUCTION = { compiled: true };
/** Served from public/ by the server under test; removed when the bench ends. */
const STATIC_DIR = join("public", "__bench__");

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, request: Partial<autocannon.Options> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...request });
  const errors = result.errors + result.non2xx + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99, errors };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (cells: Array<string | number>, widths: number[]) =>
  cells.map((cell, i) => String(cell).padStart(widths[i])).join("  ");

function printJavaScript() {
  const manifest = readManifest();
  console.log("JavaScript on a first visit (gzip, budget 90 KB):");
  for (const { path, routeId } of PAGES) {
    console.log(`  ${path.padEnd(12)} ${kb(gzipBytes(routeModules(manifest, routeId)))}`);
  }
}

/** Each page against a static file of its own bytes, one after the other, same server. */
async function comparePages(base: string) {
  mkdirSync(STATIC_DIR, { recursive: true });
  const widths = [12, 9, 8, 11, 10, 7, 7];
  console.log(`\nPages against a static copy, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  console.log(row(["page", "req/s", "p99 ms", "static r/s", "static p99", "ratio", "target"], widths));
  for (const { path, target } of PAGES) {
    const html = await (await fetch(`${base}${path}`)).text();
    const copy = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "-")}.html`;
    writeFileSync(join(STATIC_DIR, copy), html);
    const page = await load(`${base}${path}`);
    const file = await load(`${base}/__bench__/${copy}`);
    const ratio = page.rps / file.rps;
    const verdict = ratio >= target && page.p99 <= P99_BUDGET_MS && page.errors === 0 ? "ok" : "MISSED";
    console.log(
      row(
        [
          path,
          page.rps.toFixed(0),
          page.p99,
          file.rps.toFixed(0),
          file.p99,
          `${(ratio * 100).toFixed(0)}%`,
          `${target * 100}%`,
        ],
        widths,
      ),
      ` ${verdict}${page.errors ? ` (${page.errors} errors)` : ""}`,
    );
  }
}

/** A DATA_DIR holding 1,000 news items and 500 events, written before the server starts. */
async function fillDataDir(dataDir: string) {
  const api = await benchApi(dataDir);
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const paragraph = "<p>Our club met again this week, with plenty of fun for dads and children alike.</p>";
  for (let i = 0; i < 1000; i++) {
    const publishedAt = new Date(now - i * day).toISOString();
    await createNews(
      api.store.db,
      { title: `News item ${i + 1}`, content: paragraph.repeat(3), publishedAt, imageUrl: null },
      new Date(),
    );
  }
  for (let i = 0; i < 500; i++) {
    const date = new Date(now + (i - 250) * day).toISOString();
    const event = {
      name: `Event ${i + 1}`,
      date,
      comment: "A morning out.",
      organiser: null,
      location: "Oakfield",
      imageUrl: null,
    };
    await createEvent(api.store.db, { ...event, bookingUrl: "https://example.org/book" }, new Date());
  }
  await api.close();
}

async function measureLargeLists() {
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-large-"));
  await fillDataDir(dataDir);
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD, SEED_DEMO: "0" }, PRODUCTION);
  try {
    console.log(`\nWith 1,000 news items and 500 events (${CONNECTIONS} connections, ${SECONDS} s each):`);
    for (const path of ["/news", "/events"]) {
      const bytes = (await (await fetch(`${server.base}${path}`)).arrayBuffer()).byteLength;
      const page = await load(`${server.base}${path}`);
      console.log(
        `  ${path.padEnd(8)} ${kb(bytes).padStart(9)} HTML  ${page.rps.toFixed(0).padStart(6)} req/s  p99 ${page.p99} ms`,
      );
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const API_CALLS: Array<{ label: string; path: string; write?: boolean }> = [
  { label: "GET /api/news", path: "/api/news" },
  { label: "GET /api/events", path: "/api/events" },
  { label: "POST /api/admin/news", path: "/api/admin/news", write: true },
];

/** Each /api call's rate on a server started with `env`, as an administrator would make it. */
async function measureApi(env: Record<string, string>): Promise<Load[]> {
  const server = await startServing({ ADMIN_PASSWORD: BENCH_PASSWORD, ...env }, PRODUCTION);
  try {
    const login = await fetch(`${server.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: BENCH_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    // Warmed up first, so neither store is measured opening its connections or compiling.
    await autocannon({ url: `${server.base}/api/news`, connections: CONNECTIONS, duration: 1 });
    const results: Load[] = [];
    for (const { path, write } of API_CALLS) {
      const body = JSON.stringify({ title: "Bench", content: "<p>Bench</p>", publishedAt: new Date().toISOString() });
      const request: Partial<autocannon.Options> = write
        ? {
            method: "POST",
            body,
            headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          }
        : {};
      results.push(await load(`${server.base}${path}`, request));
    }
    return results;
  } finally {
    await stop(server);
  }
}

async function compareStores() {
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-api-"));
  const cluster = await startCluster({ durable: true });
  try {
    const sqlite = await measureApi({ DATA_DIR: dataDir });
    const postgres = await measureApi({
      DATABASE_URL: cluster.url(),
      SESSION_SECRET: "bench-session-secret-bench-session-secret",
    });
    const widths = [22, 11, 10, 15, 14];
    console.log(`
The /api on SQLite and PostgreSQL (local, durable), ${CONNECTIONS} connections, ${SECONDS} s each:`);
    console.log(row(["call", "SQLite r/s", "p99 ms", "PostgreSQL r/s", "p99 ms"], widths));
    API_CALLS.forEach(({ label }, i) => {
      const errors = sqlite[i].errors + postgres[i].errors;
      console.log(
        row([label, sqlite[i].rps.toFixed(0), sqlite[i].p99, postgres[i].rps.toFixed(0), postgres[i].p99], widths),
        errors ? ` (${errors} errors)` : "",
      );
    });
  } finally {
    cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  printJavaScript();
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-"));
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD }, PRODUCTION);
  try {
    await comparePages(server.base);
  } finally {
    await stop(server);
    rmSync(STATIC_DIR, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  await measureLargeLists();
  await compareStores();
  await runBookingBench();
}

const scale = process.argv.includes("--scale") || process.env.BENCH_SCALE === "1";
const mail = process.argv.includes("--mail") || process.env.BENCH_MAIL === "1";
const bookings = process.argv.includes("--bookings");
const publishing = process.argv.includes("--publishing");
const run = scale
  ? runScale()
  : mail
    ? runMailBench()
    : bookings
      ? runBookingBench()
      : publishing
        ? runPublishingBench().then((ok) => {
            if (!ok) process.exitCode = 1;
          })
        : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
