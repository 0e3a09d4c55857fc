/**
 * `npm run bench:batch`: 'Budgets' in docs/architecture.md memory budget for many photos at once
 * (docs/product.md, 'Photos'). 40 phone-sized JPEGs of about 4 MB each go through the batch
 * form without JavaScript, in one multipart POST, to the compiled server as `npm start`
 * runs it (SQLite); it reports the server's peak RSS (VmHWM) while they are added.
 * Needs `npm run build`. BENCH_BATCH_FILES changes the count.
 */
import { adminCookie } from "./bench/admin-client";
import { photo as phonePhoto } from "./bench/memory-load";
import { withBenchServer } from "./bench/bench-server";
import { memoryOf, resetPeak } from "./bench/process-memory";

const FILES = Number(process.env.BENCH_BATCH_FILES ?? 40);
const PEAK_TARGET_MB = 400;

/** 4000×3000 at quality 90 from random pixels at 720×540: about 4 MB, unique every time. */
const photo = () => phonePhoto([720, 540]);

async function main(): Promise<void> {
  const form = new FormData();
  form.append("albumId", "");
  form.append("consent", "on");
  let bytes = 0;
  for (let i = 1; i <= FILES; i++) {
    const image = await photo();
    bytes += image.length;
    form.append("images", new File([new Uint8Array(image)], `photo-${i}.jpg`, { type: "image/jpeg" }));
  }
  await withBenchServer("club-bench-batch-", async (server, pid) => {
    const cookie = await adminCookie(server.base);
    const before = memoryOf(pid).rssMb;
    resetPeak(pid);
    const started = performance.now();
    const answer = await fetch(`${server.base}/admin/gallery/add`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: server.base },
      redirect: "manual",
    });
    const seconds = (performance.now() - started) / 1000;
    const peak = memoryOf(pid).peakMb;
    const next = new URL(answer.headers.get("Location") ?? "/", server.base);
    const added = (next.searchParams.get("ids") ?? "").split(".").filter(Boolean).length;
    if (answer.status !== 302 || added !== FILES) {
      throw new Error(`the batch was not added: ${answer.status}, ${added} of ${FILES} images, ${next.search}`);
    }
    const ok = peak <= PEAK_TARGET_MB ? "ok" : "MISSED";
    console.log(`\nMany photos at once, without JavaScript (one form, SQLite, compiled server):`);
    console.log(`  ${FILES} JPEGs of 4000×3000, ${(bytes / FILES / 1024 / 1024).toFixed(1)} MB each on average`);
    console.log(`  all added in ${seconds.toFixed(1)} s; RSS before ${before.toFixed(0)} MB`);
    console.log(`  peak RSS (VmHWM) while adding them: ${peak.toFixed(0)} MB (target ≤ ${PEAK_TARGET_MB} MB) ${ok}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
