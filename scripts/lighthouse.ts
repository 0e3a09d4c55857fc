/**
 * `npm run lighthouse`: Lighthouse 12's mobile profile, in Debian's Chromium, on every
 * public page of the compiled server with the demo content. Prints the four category
 * scores per page and what kept any of them under 100. Needs `npm run build`; fetches
 * lighthouse@12 with npx when it is not installed (13 needs Node 22).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServing, stop } from "../tests/fixtures/real-server";

const PAGES = ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"];
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
  execFileSync("npx", args, { stdio: ["ignore", "ignore", "inherit"] });
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "club-lighthouse-"));
  const reports = mkdtempSync(join(tmpdir(), "club-lighthouse-reports-"));
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: "lighthouse-password" }, { compiled: true });
  try {
    for (const path of PAGES) {
      const report = audit(`${server.base.replace("127.0.0.1", "localhost")}${path}`, join(reports, "report.json"));
      const scores = Object.entries(report.categories).map(
        ([name, { score }]) => `${name} ${Math.round((score ?? 0) * 100)}`,
      );
      console.log(`${path.padEnd(12)} ${scores.join("  ")}`);
      for (const item of Object.values(report.audits)) {
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
