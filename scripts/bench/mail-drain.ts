import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { openStore } from "../../api/ops/open-store";
import { insertOutboxMessage } from "../../api/store/mail-outbox";
import { startServing, stop } from "../lib/server";
import { BENCH_PASSWORD } from "./admin-client";
import { runMailFanOutBench } from "./mail-fan-out";
import { startSink } from "./smtp-sink";

/**
 * `npm run bench -- --mail` (or BENCH_MAIL=1): first the event loop while one news item's
 * e-mail to 1,000 subscribers is queued (mail-fan-out.ts). Then public pages, which
 * docs/product.md, 'E-mail' says keep their targets while the outbox drains: each public page is loaded twice on the
 * compiled server (SQLite, demo data): with nothing to send, then while 1,000 messages
 * queued at once are delivered to a local SMTP server (smtp-server on loopback, answering
 * at once). The second run lasts exactly as long as the drain. The sender is allowed
 * 10,000 a minute, far above the default 60, so that it works as hard as it can.
 */
const PAGES = ["/", "/news", "/events", "/gallery"];
const MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES ?? 1_000);
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface Load {
  rps: number;
  p99: number;
  errors: number;
  seconds: number;
}

/** Loads `url` for SECONDS, or (with `until`) until it holds. */
async function load(url: string, until?: () => boolean): Promise<Load> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections: CONNECTIONS, duration: until ? 600 : SECONDS }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    if (until) {
      timer = setInterval(() => {
        if (until()) run.stop();
      }, 20);
    }
  });
  clearInterval(timer);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    seconds: (Date.now() - started) / 1000,
  };
}

async function queue(dataDir: string, round: number): Promise<void> {
  const store = openStore({ dataDir });
  try {
    const now = new Date();
    await store.db.transaction().execute(async (trx) => {
      for (let n = 0; n < MESSAGES; n++) {
        await insertOutboxMessage(
          trx,
          {
            key: `bench:${round}:${n}`,
            kind: "test",
            to: `parent${n}@parents.example`,
            subscriberId: null,
            subject: `News from the club ${n}`,
            text: "Sports day is on Friday.\n".repeat(20),
            html: "<p>Sports day is on Friday.</p>".repeat(20),
            listUnsubscribe: `https://club.example.org/unsubscribe/token-${n}`,
            messageId: `<bench-${round}-${n}@club.example.org>`,
            dueAt: now,
          },
          now,
        );
      }
    });
  } finally {
    await store.db.destroy();
  }
}

async function waitFor(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function runMailBench(): Promise<void> {
  await runMailFanOutBench();
  const sink = await startSink();
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-mail-"));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    SMTP_URL: sink.url,
    MAIL_RATE_PER_MINUTE: "10000",
  };
  const server = await startServing(env, { compiled: true });
  const widths = [10, 10, 8, 12, 10, 8, 7, 9];
  const cell = (cells: Array<string | number>) => cells.map((c, i) => String(c).padStart(widths[i])).join("  ");
  try {
    console.log(
      `Public pages with no mail to send, then while ${MESSAGES} messages drain to a local SMTP server ` +
        `(${CONNECTIONS} connections):`,
    );
    console.log(cell(["page", "idle r/s", "p99 ms", "draining r/s", "p99 ms", "ratio", "drain s", "sent/s"]));
    let round = 0;
    for (const path of PAGES) {
      const idle = await load(`${server.base}${path}`);
      round += 1;
      const before = sink.received();
      await queue(dataDir, round);
      // The sender looks every 5 s when nobody wakes it: the load starts with the first delivery.
      await waitFor(() => sink.received() > before, "the first delivery");
      const busy = await load(`${server.base}${path}`, () => sink.received() >= before + MESSAGES);
      const ratio = busy.rps / idle.rps;
      console.log(
        cell([
          path,
          idle.rps.toFixed(0),
          idle.p99,
          busy.rps.toFixed(0),
          busy.p99,
          `${(ratio * 100).toFixed(0)}%`,
          busy.seconds.toFixed(1),
          (MESSAGES / busy.seconds).toFixed(0),
        ]),
        idle.errors + busy.errors ? ` (${idle.errors + busy.errors} errors)` : "",
      );
    }
  } finally {
    await stop(server);
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
