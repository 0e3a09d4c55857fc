import type { AdminApi } from "./admin-client";
import type { Address } from "./addresses";
import { get, probe, sleep, withStallProbe, type Answer } from "./http";
import { memoryOf, resetPeak } from "./process-memory";

/**
 * One request at a time against an otherwise idle server, as docs/architecture.md, 'Budgets' states its
 * bound: the time of a cache miss and of the hit right after it, the longest a tiny
 * static file waited meanwhile (the event loop's stall) and how far the request pushed
 * the server's peak RSS. Each figure is the median of a few tries.
 */

export interface Target {
  base: string;
  /** The node process serving (see process-memory.ts). */
  pid: number;
  api: AdminApi;
  /** The session cookie admin screens are asked with. */
  cookie: string;
  /** A tiny static file the server sends without rendering anything. */
  probePath: string;
  /** Why the server is gone (its exit and last output), or null while it runs. */
  gone(): string | null;
}

export interface Figures {
  path: string;
  /** The first request of the address since the server started, before its warm-ups. */
  firstMs: number;
  /** The HTTP status of the misses, or "timeout"/"error". */
  status: string;
  missMs: number;
  hitMs: number;
  stallMs: number;
  /** The body as the browser parses it (decompressed). */
  bytes: number;
  peakIncreaseMb: number;
}

export const TRIES = Number(process.env.BENCH_TRIES ?? 3);

/**
 * Requests of each address before its tries, not counted: a running site has served its
 * pages before, and the first requests after start are V8 compiling the route's code (an
 * admin list's first request took 80-110 ms where the tenth took 15-20). The first one's
 * time is still printed as the address is measured.
 */
export const WARM_UPS = Number(process.env.BENCH_WARM_UPS ?? 5);

/** The figures' budgets (docs/architecture.md, 'Budgets'); a row beyond any of them is marked MISSED. */
export const BUDGET = { ms: 50, stallMs: 50, peakIncreaseMb: 50 };

export function median(values: number[]): number {
  const known = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (known.length === 0) return NaN;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid] : (known[mid - 1] + known[mid]) / 2;
}

/**
 * The unpaged /api lists (docs/product.md, 'The calls it makes') send every item there is, so their time
 * grows with the content by design; they stream in batches, and are held to the stall
 * and memory budgets only.
 */
export const isWholeList = (path: string) => /^\/api\/(news|events|gallery)$/.test(path);

export function missed(f: Figures): boolean {
  return (
    !Number.isFinite(f.missMs) ||
    (f.missMs > BUDGET.ms && !isWholeList(f.path)) ||
    f.stallMs > BUDGET.stallMs ||
    f.peakIncreaseMb > BUDGET.peakIncreaseMb
  );
}

interface Try {
  miss: Answer;
  hit: Answer;
  stallMs: number;
  peakIncreaseMb: number;
}

/**
 * A try is two misses, each after its own write, and a hit. The first miss is timed on
 * its own; the second is served while the stall probe asks for the static file every
 * 10 ms, which gives the stall figure. Timed together, the probe's own requests, served by
 * the same thread and sent from the same two cores, doubled the miss's time (an admin list:
 * 36 ms alone, 72 ms beside the probe), so the miss figure measured the probe.
 */
async function oneTry(target: Target, address: Address): Promise<Try> {
  const url = `${target.base}${address.path}`;
  const headers: Record<string, string> = address.admin ? { Cookie: target.cookie } : {};
  // Its own write before each miss: the public page cache holds nothing written before it.
  await target.api.touch();
  resetPeak(target.pid);
  const before = memoryOf(target.pid).rssMb;
  const miss = await get(url, headers);
  const peakIncreaseMb = memoryOf(target.pid).peakMb - before;
  await target.api.touch();
  const { longestStallMs } = await withStallProbe(`${target.base}${target.probePath}`, () => get(url, headers));
  const hit = await get(url, headers);
  return { miss, hit, stallMs: longestStallMs, peakIncreaseMb };
}

/** The time of the address's first request, then its warm-up requests (see WARM_UPS). */
async function warmUp(target: Target, address: Address): Promise<number> {
  const url = `${target.base}${address.path}`;
  const headers: Record<string, string> = address.admin ? { Cookie: target.cookie } : {};
  let firstMs = NaN;
  for (let i = 0; i < WARM_UPS; i++) {
    const { ms } = await get(url, headers);
    if (i === 0) firstMs = ms;
  }
  return firstMs;
}

export async function measureAddress(target: Target, address: Address): Promise<Figures> {
  const tries: Try[] = [];
  const firstMs = await warmUp(target, address).catch(() => NaN);
  for (let i = 0; i < TRIES; i++) {
    try {
      tries.push(await oneTry(target, address));
    } catch (error) {
      // A request that timed out leaves the server busy with it: another try would only
      // measure that. What was measured so far stands, and the row says what happened.
      const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
      console.error(`    ${address.path}: try ${tries.length + 1} failed: ${message}`);
      const timedOut = message.startsWith("no answer");
      if (tries.length === 0) {
        return {
          path: address.path,
          firstMs,
          status: timedOut ? "timeout" : "error",
          missMs: NaN,
          hitMs: NaN,
          stallMs: NaN,
          bytes: NaN,
          peakIncreaseMb: NaN,
        };
      }
      break;
    }
  }
  return {
    path: address.path,
    firstMs,
    status: String(tries[0].miss.status),
    missMs: median(tries.map((t) => t.miss.ms)),
    hitMs: median(tries.map((t) => t.hit.ms)),
    stallMs: median(tries.map((t) => t.stallMs)),
    bytes: median(tries.map((t) => t.miss.body.length)),
    peakIncreaseMb: median(tries.map((t) => t.peakIncreaseMb)),
  };
}

/**
 * The probe on the idle server, the floor under every stall figure: what a tiny static
 * file takes when nothing else is being served.
 */
export async function idleProbeMs(target: Target): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) times.push((await probe(`${target.base}${target.probePath}`)).ms);
  return { median: median(times), max: Math.max(...times) };
}

/** Every address in turn; each one's figures go to stderr as they come, for a long run. */
export async function measureAll(target: Target, addresses: Address[]): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  for (const address of addresses) {
    const f = await measureAddress(target, address);
    figures.set(address.label, f);
    console.error(
      `    ${address.path}: ${f.status} miss ${f.missMs.toFixed(0)} ms, stall ${f.stallMs.toFixed(0)} ms ` +
        `(its first request since start ${f.firstMs.toFixed(0)} ms)`,
    );
    if (Number.isFinite(f.missMs)) continue;
    // A server that died (out of memory, say) answers nothing more: say so once, plainly,
    // with what it printed last. Its exit is reported a moment after its requests fail.
    await sleep(1000);
    const gone = target.gone();
    if (gone) {
      console.log(`  The server stopped during ${address.path}: ${gone}`);
      break;
    }
  }
  return figures;
}
