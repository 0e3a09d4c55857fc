import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * One timed GET as a browser sends it, over node:http rather than fetch: the clock
 * stops at the last byte off the wire, and decompressing is done after it (fetch would
 * inflate in this process while the clock runs).
 */

/** Long enough for today's slowest screens at 10,000 items, which the bench must survive. */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface Answer {
  status: number;
  /** From sending the request to its last byte. */
  ms: number;
  /** The body decoded: what a browser parses. */
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

function decode(bytes: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(bytes);
  if (encoding === "br") return brotliDecompressSync(bytes);
  if (encoding === "deflate") return inflateSync(bytes);
  return bytes;
}

export function get(url: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // A new connection unless told otherwise: after a long stall the server may close an
    // idle kept-alive one just as it is reused, and the measured request would fail.
    const options = { headers: { "Accept-Encoding": "gzip", ...headers }, agent: agent ?? false };
    const request = http.get(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const ms = performance.now() - start;
        const wire = Buffer.concat(chunks);
        try {
          const body = decode(wire, response.headers["content-encoding"]);
          resolve({ status: response.statusCode ?? 0, ms, body, headers: response.headers });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new Error(`no answer from ${url} in ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    request.on("error", reject);
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Kept between probes, so a probe's wait is the server's, not a new connection's. */
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One probe: the tiny static file on the probes' own kept-alive connection. */
export const probe = (url: string) => get(url, {}, probeAgent);

/**
 * Runs `work` while fetching `probeUrl` (a tiny static file) every `everyMs`, and
 * returns the longest any probe waited: how long another visitor would have waited
 * for the cheapest answer while this request was being served. Probes go one at a
 * time, so a stalled server is not flooded with connections.
 */
export async function withStallProbe<T>(
  probeUrl: string,
  work: () => Promise<T>,
  everyMs = 10,
): Promise<{ result: T; longestStallMs: number }> {
  let done = false;
  let longestStallMs = 0;
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      try {
        longestStallMs = Math.max(longestStallMs, (await probe(probeUrl)).ms);
      } catch {
        // The kept-alive socket was closed under it (the agent drops it): probe again. A
        // server that is gone fails the measured request itself, which ends the loop.
      }
      if (!done) await sleep(Math.max(0, everyMs - (performance.now() - start)));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    // The probe in flight when the request ended counts too: it may have waited longest.
    await probing;
  }
  return { result, longestStallMs };
}
