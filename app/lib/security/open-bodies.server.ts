import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Bodies still arriving, bounded so that clients sending them slowly cannot hold the
 * server (docs/architecture.md, 'Security baseline'): each client address may send only
 * a few at once, and a body must keep arriving at a least rate after a short grace, else
 * its connection is answered 408 and closed. Headers have their own bound (server.ts).
 * Time here is the socket's real time, not the site's clock: it bounds a connection, it
 * decides nothing a person sees.
 */
export interface BodyBounds {
  /** Bodies one client address may be sending at the same time. */
  perAddress: number;
  /** How long any body may take before the rate counts. */
  graceMs: number;
  /** The least average rate, in bytes a second, of a body past its grace. */
  leastBytesPerSecond: number;
  /** How often the bodies still arriving are looked at. */
  checkEveryMs: number;
}

/**
 * A body usually arrives in milliseconds, so 32 at once is far more than a school's
 * network behind one address sends, or a script of the committee's. 8 KB a second is a
 * poor phone connection; a body of a few bytes a second, held open on purpose, is cut
 * after half a minute.
 */
export const BODY_BOUNDS: BodyBounds = {
  perAddress: 32,
  graceMs: 30_000,
  leastBytesPerSecond: 8 * 1024,
  checkEveryMs: 2_000,
};

/** Whether a body that has sent `received` bytes in `elapsedMs` is arriving too slowly to wait for. */
export function arrivingTooSlowly(received: number, elapsedMs: number, bounds: BodyBounds): boolean {
  if (elapsedMs <= bounds.graceMs) return false;
  return received < ((elapsedMs - bounds.graceMs) / 1000) * bounds.leastBytesPerSecond;
}

/** Whether a request has a body still to come (a GET or a body-less POST has not). */
export function hasBody(incoming: IncomingMessage): boolean {
  if (incoming.complete) return false;
  const length = Number(incoming.headers["content-length"] ?? 0);
  return length > 0 || incoming.headers["transfer-encoding"] !== undefined;
}

interface Arriving {
  address: string;
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  startedAt: number;
  bytesBefore: number;
}

export const TOO_SLOW_PAGE = "The form took too long to arrive. Please try again.";

/** The bodies arriving now, counted by client address and watched for their rate. */
export class OpenBodies {
  private readonly byAddress = new Map<string, number>();
  private readonly arriving = new Set<Arriving>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly bounds: BodyBounds = BODY_BOUNDS) {}

  /**
   * Counts a request's body from `address` until it has arrived or its connection is
   * gone; false (and nothing counted) when that address already sends as many as it may.
   */
  admit(address: string, incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    const open = this.byAddress.get(address) ?? 0;
    if (open >= this.bounds.perAddress) return false;
    this.byAddress.set(address, open + 1);
    const entry: Arriving = {
      address,
      incoming,
      outgoing,
      startedAt: performance.now(),
      bytesBefore: incoming.socket.bytesRead,
    };
    this.arriving.add(entry);
    const done = () => this.forget(entry);
    incoming.once("end", done);
    incoming.once("close", done);
    outgoing.once("close", done);
    this.timer ??= setInterval(() => this.cutSlowOnes(), this.bounds.checkEveryMs).unref();
    return true;
  }

  private forget(entry: Arriving): void {
    if (!this.arriving.delete(entry)) return;
    const left = (this.byAddress.get(entry.address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(entry.address, left);
    else this.byAddress.delete(entry.address);
    if (this.arriving.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private cutSlowOnes(): void {
    const now = performance.now();
    for (const entry of this.arriving) {
      // Arrived whole, though not read yet (its handler may wait on the database).
      if (entry.incoming.complete) {
        this.forget(entry);
        continue;
      }
      const received = entry.incoming.socket.bytesRead - entry.bytesBefore;
      if (!arrivingTooSlowly(received, now - entry.startedAt, this.bounds)) continue;
      this.forget(entry);
      const { outgoing } = entry;
      if (!outgoing.headersSent) {
        outgoing.writeHead(408, {
          "Content-Type": "text/plain; charset=utf-8",
          "X-Content-Type-Options": "nosniff",
          Connection: "close",
        });
        outgoing.end(TOO_SLOW_PAGE);
      }
      // The rest of the body is not waited for: the connection goes once the answer is out.
      outgoing.once("finish", () => entry.incoming.socket.destroy());
      if (outgoing.writableFinished) entry.incoming.socket.destroy();
    }
  }
}

export const TOO_MANY_BODIES = "Too many forms are being sent from your network at once. Please try again in a moment.";
