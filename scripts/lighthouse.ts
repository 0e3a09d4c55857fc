/**
 * `npm run lighthouse`: Lighthouse 12's mobile profile, in Debian's Chromium, on every
 * public page of the compiled server with the demo content. Needs `npm run build`;
 * fetches lighthouse@12 with npx when it is not installed (13 needs Node 22).
 *
 * One run of Lighthouse varies by several points on a shared machine, so each page is
 * audited LIGHTHOUSE_RUNS times (5 unless set) and the median run is reported, as
 * Lighthouse's own documentation advises: its four category scores, the range of the
 * performance score over the runs, and what kept the median run under 100.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServing, stop } from "./lib/server";

const PAGES = ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}

function audit(url: string, output: string): Report {
  const args = [
    "--yes",
    "lighthouse@12",
    url,
    "--quiet",
    `--chrome-path=${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--output=json",
    `--output-path=${output}`,
  ];
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is run again.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync("npx", args, { stdio: ["ignore", "ignore", "inherit"] });
      return JSON.parse(readFileSync(output, "utf8")) as Report;
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`    (Lighthouse failed on ${url}; running it again)`);
    }
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "club-lighthouse-"));
  const reports = mkdtempSync(join(tmpdir(), "club-lighthouse-reports-"));
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: "lighthouse-password" }, { compiled: true });
  try {
    for (const path of PAGES) {
      const url = `${server.base.replace("127.0.0.1", "localhost")}${path}`;
      const runs = Array.from({ length: RUNS }, () => audit(url, join(reports, "report.json")));
      const performance = (report: Report) => report.categories.performance?.score ?? 0;
      runs.sort((a, b) => performance(a) - performance(b));
      const median = runs[Math.floor(runs.length / 2)];
      const scores = Object.entries(median.categories).map(
        ([name, { score }]) => `${name} ${Math.round((score ?? 0) * 100)}`,
      );
      const range = runs.map((run) => Math.round(performance(run) * 100));
      console.log(`${path.padEnd(12)} ${scores.join("  ")}  (performance over ${RUNS} runs: ${range.join(", ")})`);
      for (const item of Object.values(median.audits)) {
        const counts = item.scoreDisplayMode === "binary" || item.scoreDisplayMode === "numeric";
        if (counts && item.score !== null && item.score < 0.9) {
          console.log(`    ${item.id} ${item.score}${item.displayValue ? ` (${item.displayValue})` : ""}`);
        }
      }
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(reports, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
