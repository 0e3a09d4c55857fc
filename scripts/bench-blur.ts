/**
 * `npm run bench:blur`: blurring faces in the largest image the /api accepts, against
 * docs/architecture.md's memory budget (Budgets: 400 MB peak, under 250 MB a minute
 * later) and the promise that image work never holds up the uploads for long
 * (docs/product.md, "Blurring faces"). On the compiled server as `npm start` runs it
 * (SQLite), through the real /api:
 *
 * 1. a 10,000 × 10,000 PNG and a 100-megapixel JPEG, each blurred in one region over
 *    the whole image: the server's peak RSS (VmHWM, reset just before the blur) and its
 *    RSS a minute after;
 * 2. the worst blur the /api accepts (the PNG, as many regions as allowed, together
 *    covering the whole image), and an ordinary upload (a 4000×3000 JPEG of about 4 MB)
 *    sent half a second after it: how long the upload takes beside the same upload
 *    alone, and how long the blur takes.
 *
 * Needs `npm run build`. BENCH_SETTLE_SECONDS shortens the minute.
 */
import sharp from "sharp";
import { MAX_BLUR_REGIONS, type BlurRegion } from "../common/blur-regions";
import { AdminApi } from "./bench/admin-client";
import { sleep } from "./bench/http";
import { photo } from "./bench/memory-load";
import { withBenchServer } from "./bench/bench-server";
import { memoryOf, resetPeak } from "./bench/process-memory";

const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const TARGET_MB = { peak: 400, after: 250 };
const SIDE = 10_000;

/** 10,000 × 10,000 in a few hundred KB: a sky with a few blocks of colour, as a PNG compresses it. */
function largePng(): Promise<Buffer> {
  const block = (width: number, height: number, background: string, left: number, top: number) => ({
    input: { create: { width, height, channels: 3 as const, background } },
    left,
    top,
  });
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .composite([block(3000, 2000, "orange", 2000, 3000), block(1500, 4000, "seagreen", 6500, 5000)])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** 100 megapixels under the 5 MB upload limit: smooth random colour, enlarged from 100 × 100. */
async function largeJpeg(): Promise<Buffer> {
  const seed = Buffer.alloc(100 * 100 * 3);
  for (let i = 0; i < seed.length; i++) seed[i] = Math.floor(Math.random() * 256);
  return sharp(seed, { raw: { width: 100, height: 100, channels: 3 } })
    .resize(SIDE, SIDE, { kernel: "cubic" })
    .jpeg({ quality: 75 })
    .toBuffer();
}

/** As many regions as a request may name, side by side in stripes, together the whole image. */
function stripes(width: number, height: number): BlurRegion[] {
  const step = Math.ceil(height / MAX_BLUR_REGIONS);
  const regions: BlurRegion[] = [];
  for (let y = 0; y < height; y += step) regions.push({ x: 0, y, width, height: Math.min(step, height - y) });
  return regions;
}

interface Gallery {
  id: number;
  imageUrl: string;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const verdict = (value: number, target: number) => `(target ≤ ${target} MB) ${value <= target ? "ok" : "MISSED"}`;

async function galleryImage(api: AdminApi, bytes: Buffer, type: string): Promise<Gallery> {
  const imageUrl = await api.upload(bytes, type, type === "image/png" ? "large.png" : "large.jpg");
  return api.send<Gallery>("POST", "/api/admin/gallery", { imageUrl, caption: "Bench" });
}

/** POST …/blur; its status and time, and the message when refused. */
async function blur(api: AdminApi, id: number, regions: BlurRegion[]) {
  const started = performance.now();
  const response = await api.answer("POST", `/api/admin/gallery/${id}/blur`, { regions });
  const body = await response.text();
  return { status: response.status, seconds: seconds(started), body };
}

async function main(): Promise<void> {
  const png = await largePng();
  const jpeg = await largeJpeg();
  const ordinary = await photo([720, 540]);
  await withBenchServer("club-bench-blur-", async (server, pid) => {
    const api = await AdminApi.login(server.base);
    console.log(`\nBlurring faces in the largest accepted image (compiled server, SQLite), the server's RSS:`);
    console.log(`  right after start: ${mb(memoryOf(pid).rssMb)}`);

    for (const [what, bytes, type] of [
      [`PNG of ${SIDE} × ${SIDE}, ${(png.length / 1024).toFixed(0)} KB`, png, "image/png"],
      [`JPEG of ${SIDE} × ${SIDE}, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB`, jpeg, "image/jpeg"],
    ] as const) {
      resetPeak(pid);
      let started = performance.now();
      const item = await galleryImage(api, bytes, type);
      const upload = { seconds: seconds(started), peak: memoryOf(pid).peakMb };
      const before = memoryOf(pid).rssMb;
      resetPeak(pid);
      started = performance.now();
      const answer = await blur(api, item.id, [{ x: 0, y: 0, width: SIDE, height: SIDE }]);
      const peak = memoryOf(pid).peakMb;
      await sleep(SETTLE_SECONDS * 1000);
      const after = memoryOf(pid).rssMb;
      console.log(`  ${what}, one region over all of it:`);
      console.log(`    its upload: ${upload.seconds.toFixed(1)} s, peak ${mb(upload.peak)}`);
      console.log(
        `    the blur: ${answer.status} in ${answer.seconds.toFixed(1)} s` +
          (answer.status === 200 ? "" : ` (${answer.body.slice(0, 160)})`),
      );
      console.log(`    RSS before ${mb(before)}, peak (VmHWM) ${mb(peak)} ${verdict(peak, TARGET_MB.peak)}`);
      console.log(`    ${SETTLE_SECONDS} s after: ${mb(after)} ${verdict(after, TARGET_MB.after)}`);
    }

    // An ordinary upload alone, then the same sent just after the worst blur starts.
    let started = performance.now();
    await api.upload(ordinary, "image/jpeg", "alone.jpg");
    const alone = seconds(started);
    const item = await galleryImage(api, png, "image/png");
    const regions = stripes(SIDE, SIDE);
    resetPeak(pid);
    started = performance.now();
    const blurring = blur(api, item.id, regions);
    await sleep(500);
    const uploadStarted = performance.now();
    await api.upload(ordinary, "image/jpeg", "beside.jpg");
    const beside = seconds(uploadStarted);
    const worst = await blurring;
    const peak = memoryOf(pid).peakMb;
    console.log(`  the worst accepted blur: the PNG, ${regions.length} regions covering all of it:`);
    console.log(
      `    the blur: ${worst.status} in ${worst.seconds.toFixed(1)} s` +
        (worst.status === 200 ? "" : ` (${worst.body.slice(0, 160)})`),
    );
    console.log(
      `    an upload of ${(ordinary.length / 1024 / 1024).toFixed(1)} MB (4000×3000 JPEG) sent 0.5 s after it: ` +
        `${beside.toFixed(1)} s, alone ${alone.toFixed(1)} s, so it waited ${(beside - alone).toFixed(1)} s`,
    );
    console.log(`    peak (VmHWM) of the two: ${mb(peak)} ${verdict(peak, TARGET_MB.peak)}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
