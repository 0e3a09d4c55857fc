import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServing, stop } from "../lib/server";
import { AdminApi, BENCH_PASSWORD } from "./admin-client";
import { withStallProbe } from "./http";

/**
 * Part of `npm run bench`: docs/product.md, 'Bookings' says 200 families booking the last
 * 40 places at the same moment get exactly 40. On the compiled server (SQLite, e-mail not
 * set up, so each booking's e-mail is kept in the outbox), 200 bookings are sent at once,
 * each from its own client address (X-Forwarded-For), while a tiny static file is fetched
 * every 10 ms: its longest wait is the event loop's stall.
 */
const FAMILIES = Number(process.env.BENCH_BOOKINGS ?? 200);
const PLACES = 40;
const STATIC_DIR = join("public", "__bench_bookings__");
const PROBE_PATH = "/__bench_bookings__/probe.txt";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runBookingBench(): Promise<void> {
  mkdirSync(STATIC_DIR, { recursive: true });
  writeFileSync(join(STATIC_DIR, "probe.txt"), "ok\n");
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-bookings-"));
  const server = await startServing(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD, TRUST_PROXY: "true", SEED_DEMO: "0" },
    { compiled: true },
  );
  try {
    const api = await AdminApi.login(server.base);
    const { id } = await api.send<{ id: number }>("POST", "/api/admin/events", {
      name: "Summer camp",
      date: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      comment: "Two nights under canvas.",
      bookingUrl: "https://example.org/unused",
      booking: { mode: "site", places: PLACES },
    });
    const bookOne = async (n: number) => {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/events/${id}/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.${Math.floor(n / 250)}.${n % 250}` },
        body: JSON.stringify({ name: `Family ${n}`, email: `family${n}@example.org`, adults: 1, children: 0 }),
      });
      const body = (await response.json()) as { status?: string };
      return { ms: performance.now() - started, ok: response.status === 201, status: body.status };
    };
    const { result, longestStallMs } = await withStallProbe(`${server.base}${PROBE_PATH}`, () =>
      Promise.all(Array.from({ length: FAMILIES }, (_, n) => bookOne(n))),
    );
    const times = result.map((one) => one.ms).sort((a, b) => a - b);
    const confirmed = result.filter((one) => one.status === "confirmed").length;
    const waiting = result.filter((one) => one.status === "waiting").length;
    const failed = result.filter((one) => !one.ok).length;
    console.log(`${FAMILIES} families booking ${PLACES} places at once (compiled server, SQLite):`);
    console.log(
      `  ${confirmed} confirmed, ${waiting} waiting, ${failed} refused; ` +
        `p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, ` +
        `slowest ${times[times.length - 1].toFixed(0)} ms; longest event-loop stall ${longestStallMs.toFixed(0)} ms`,
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}
