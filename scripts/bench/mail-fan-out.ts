import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { insertSubscriber } from "../../api/store/subscribers";
import { adminToken, benchApi, callApi } from "./in-process-api";
import { startSink } from "./smtp-sink";

/**
 * Part of `npm run bench -- --mail`: docs/product.md, 'E-mail' says that queueing 1,000
 * subscribers' e-mails for one news item holds the event loop at most 50 ms. The /api
 * runs in this process on SQLite (its driver is synchronous, so it is the store that can
 * hold the loop; PostgreSQL's is not), with an injected clock: 1,000 confirmed news
 * subscribers, one news item made by the product spec's call, the clock moved past the
 * delay, then the sender's rounds run until every e-mail has reached a local SMTP
 * server. Node's event-loop delay histogram is read over the round that queues them
 * (the fan-out) and over the rounds that send them.
 */
const SUBSCRIBERS = Number(process.env.BENCH_MAIL_SUBSCRIBERS ?? 1_000);
const LIMIT_MS = 50;

const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
const describe = (h: IntervalHistogram) => `max ${ms(h.max)} ms, p99 ${ms(h.percentile(99))} ms`;

export async function runMailFanOutBench(): Promise<boolean> {
  const sink = await startSink();
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-fan-out-"));
  let at = new Date("2026-11-25T10:00:00Z");
  const api = await benchApi(dataDir, {
    now: () => at,
    siteOrigin: "https://club.example.org",
    mail: {
      configured: true,
      from: "club@club.example.org",
      replyTo: null,
      siteName: "Oakfield Primary Dads' Club",
      siteUrl: "https://club.example.org",
      postDelayMinutes: 10,
      timeZone: "Europe/London",
    },
    mailSender: { smtpUrl: sink.url, dkim: null, ratePerMinute: 250 },
  });
  try {
    for (let n = 0; n < SUBSCRIBERS; n++) {
      const email = `parent${n}@parents.example`;
      await insertSubscriber(
        api.store.db,
        {
          email,
          choices: { news: true, events: false, frequency: "posted" },
          manageToken: `manage-token-${n}`,
          confirmTokenHash: `confirm-${n}`,
          consent: { version: "bench", text: "bench" },
        },
        at,
      );
    }
    await api.store.db
      .updateTable("subscribers")
      .set({ confirmed_at: at.toISOString(), confirm_token_hash: null })
      .execute();
    const token = await adminToken(api);
    const made = await callApi(
      api,
      "POST",
      "/admin/news",
      {
        title: "Sports day moves to Friday",
        content: "<p>Bring a water bottle and a hat.</p>",
        publishedAt: at.toISOString(),
      },
      token,
    );
    if (made.status !== 201) throw new Error(`making the news item answered ${made.status}`);
    at = new Date(at.getTime() + 11 * 60_000);

    // The first round queues all 1,000 (the fan-out step), then sends the minute's 250;
    // each round after, a minute later, sends the next 250.
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const started = performance.now();
    await api.mailSender.runRound();
    const firstRound = performance.now() - started;
    const queued = await api.store.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    histogram.disable();
    const fanOut = describe(histogram);
    const fanOutMax = histogram.max / 1e6;

    histogram.reset();
    histogram.enable();
    const drainStarted = performance.now();
    while (sink.received() < SUBSCRIBERS) {
      at = new Date(at.getTime() + 60_000);
      await api.mailSender.runRound();
    }
    histogram.disable();
    const drain = describe(histogram);
    console.log(`Queueing one news item's e-mail to ${SUBSCRIBERS} subscribers (SQLite, in process):`);
    console.log(
      `  the round that queued ${Number(queued.n)} e-mails (${(firstRound / 1000).toFixed(1)} s): event loop ${fanOut}`,
    );
    console.log(
      `  the rounds that sent the rest (${((performance.now() - drainStarted) / 1000).toFixed(1)} s): event loop ${drain}`,
    );
    const within = fanOutMax <= LIMIT_MS && histogram.max / 1e6 <= LIMIT_MS;
    console.log(`  ${within ? "within" : "OVER"} the ${LIMIT_MS} ms the event loop may be held`);
    return within;
  } finally {
    await api.close();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
