import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { adminCookie, AdminApi, BENCH_PASSWORD } from "./admin-client";
import { addressesOf, listedIds, middle, type Ids } from "./addresses";
import { FULL_SCALE, fillThroughApi, type Scale } from "./fill";
import { addHistory } from "./history-fill";
import { idleProbeMs, measureAll } from "./measure";
import { measureMemory } from "./memory-load";
import { REVISIONS_KEPT } from "../../api/store/revisions";
import { startCluster } from "../lib/postgres-cluster";
import { startServing, stop } from "../lib/server";
import { serverPid } from "./process-memory";
import { printSideBySide, type DataSet } from "./table";

/**
 * `npm run bench -- --scale` (or BENCH_SCALE=1): 'Budgets' in docs/architecture.md bounds at the issue's
 * scale. Each store (SQLite, then a throwaway PostgreSQL with its default durable
 * settings) is measured on the demo data and on a database filled through the /api
 * with 10,000 news items, 5,000 events and 2,000 gallery images, then given years of
 * history (history-fill.ts: 50 revisions a news item, one in twenty a draft); then the server's
 * memory on the demo data under mixed load with uploads.
 *
 * Knobs for a quick try (the defaults are the figures): BENCH_NEWS,
 * BENCH_EVENTS, BENCH_IMAGES, BENCH_TRIES, BENCH_STORES (sqlite,postgres),
 * BENCH_ADDRESSES (the labels to measure, comma-separated), BENCH_MEMORY=0 to skip the
 * memory run, and memory-load.ts's own.
 */

/** Served from public/ by the server under test, like the default bench's copies. */
const STATIC_DIR = join("public", "__bench__");
const PROBE_PATH = "/__bench__/probe.txt";
const SESSION_SECRET = "bench-session-secret-bench-session-secret";

function scaleFromEnv(): Scale {
  const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    news: knob("BENCH_NEWS", FULL_SCALE.news),
    events: knob("BENCH_EVENTS", FULL_SCALE.events),
    images: knob("BENCH_IMAGES", FULL_SCALE.images),
  };
}

const count = (n: number) => n.toLocaleString("en");

/**
 * Starts the compiled server on `env`, fills it through the /api when given a scale,
 * and measures every address on it, one request at a time.
 */
async function measureServer(name: string, env: Record<string, string>, scale?: Scale): Promise<DataSet> {
  const server = await startServing({ ADMIN_PASSWORD: BENCH_PASSWORD, ...env }, { compiled: true });
  try {
    if (server.child.pid === undefined) throw new Error("the server has no pid");
    const pid = serverPid(server.child.pid);
    const api = await AdminApi.login(server.base);
    let ids: Ids;
    if (scale) {
      const filled = await fillThroughApi(api, scale);
      const { news, events, images } = filled.seconds;
      console.log(
        `  ${name}: filled through the /api in ${(news + events + images).toFixed(0)} s ` +
          `(${count(scale.news)} news ${news.toFixed(0)} s, ${count(scale.events)} events ${events.toFixed(0)} s, ` +
          `${count(scale.images)} images ${images.toFixed(0)} s)`,
      );
      const began = performance.now();
      await addHistory(env, { keepPublished: [middle(filled.newsIds)] });
      console.log(
        `  ${name}: gave every news item ${REVISIONS_KEPT} revisions and made one in twenty a draft in ` +
          `${((performance.now() - began) / 1000).toFixed(0)} s`,
      );
      ids = filled;
    } else {
      ids = await listedIds(server.base);
    }
    const cookie = await adminCookie(server.base);
    const gone = () => {
      const { exitCode, signalCode } = server.child;
      if (exitCode === null && signalCode === null) return null;
      return `exit ${exitCode ?? signalCode}, its last output:\n${server.output().slice(-2000)}`;
    };
    const target = { base: server.base, pid, api, cookie, probePath: PROBE_PATH, gone };
    const probe = await idleProbeMs(target);
    console.log(
      `  ${name}: the stall probe alone (idle server) takes ${probe.median.toFixed(1)} ms, at most ${probe.max.toFixed(1)} ms`,
    );
    // BENCH_ADDRESSES=/events.ics,…: only those labels, for a quick look at a few.
    const only = process.env.BENCH_ADDRESSES?.split(",");
    const addresses = (await addressesOf(server.base, ids)).filter((a) => !only || only.includes(a.label));
    return { name, figures: await measureAll(target, addresses) };
  } catch (err) {
    console.error(`  ${name}: the server's last output:\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await stop(server);
  }
}

/** A fresh DATA_DIR for each data set, removed when it has been measured. */
async function onSqlite(name: string, scale?: Scale): Promise<DataSet> {
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-scale-"));
  try {
    return await measureServer(name, { DATA_DIR: dataDir, ...(scale ? { SEED_DEMO: "0" } : {}) }, scale);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function createDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** One throwaway cluster, durable as in production, with a database per data set. */
async function onPostgres(scaleName: string, scale: Scale): Promise<[DataSet, DataSet]> {
  const cluster = await startCluster({ durable: true });
  try {
    await createDatabase(cluster.url(), "bench_demo");
    await createDatabase(cluster.url(), "bench_scale");
    const env = (database: string) => ({ DATABASE_URL: cluster.url(database), SESSION_SECRET });
    const demo = await measureServer("demo", env("bench_demo"));
    const big = await measureServer(scaleName, { ...env("bench_scale"), SEED_DEMO: "0" }, scale);
    return [demo, big];
  } finally {
    cluster.destroy();
  }
}

export async function runScale(): Promise<void> {
  const scale = scaleFromEnv();
  const scaleName = `${count(scale.news)} news`;
  const stores = (process.env.BENCH_STORES ?? "sqlite,postgres").split(",");
  console.log(
    `Scale: ${count(scale.news)} news items, ${count(scale.events)} events, ${count(scale.images)} gallery images, ` +
      "written through the /api; demo is the default seed.",
  );
  mkdirSync(STATIC_DIR, { recursive: true });
  writeFileSync(join(STATIC_DIR, "probe.txt"), "ok\n");
  try {
    const big: DataSet[] = [];
    if (stores.includes("sqlite")) {
      const sets = [await onSqlite("demo"), await onSqlite(scaleName, scale)];
      printSideBySide(`SQLite: the demo data and ${scaleName}`, sets);
      big.push({ ...sets[1], name: `${scaleName}, SQLite` });
    }
    if (stores.includes("postgres")) {
      const sets = await onPostgres(scaleName, scale);
      printSideBySide(`PostgreSQL (local, durable): the demo data and ${scaleName}`, sets);
      big.push({ ...sets[1], name: `${scaleName}, PostgreSQL` });
    }
    if (big.length === 2) printSideBySide(`${scaleName} on SQLite and on PostgreSQL`, big);
  } finally {
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
  if (process.env.BENCH_MEMORY !== "0") await measureMemory();
}
