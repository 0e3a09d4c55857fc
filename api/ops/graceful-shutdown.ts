import { Server as HttpServer, type ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { ServerType } from "@hono/node-server";

/**
 * Connections still open this long after the signal are cut. Under the 10 s that
 * `docker stop` and most process managers wait before SIGKILL, with room to close
 * the database after.
 */
const GRACE_MS = 8_000;
/** If cleaning up hangs, exit anyway this long after the grace period, before a SIGKILL would. */
const CLEANUP_MS = 1_500;
/** However busy the queue of connections to accept stays, the listener closes this long after the signal. */
const ACCEPT_QUEUE_MS = 1_000;

/** Runs `then` after the event loop has been round once more, through its poll for connections and data. */
const nextTurn = (then: () => void) => setImmediate(() => setImmediate(then));

export interface ShutdownOptions {
  /** Runs once no connection is left: stop timers, close the database, release DATA_DIR. */
  cleanup: () => Promise<void>;
  log?: (line: string) => void;
  graceMs?: number;
}

/**
 * On SIGTERM or SIGINT: take in what already reached the server, then stop accepting
 * connections and close the ones that carry no request; answer every request (each
 * answer then closes its connection instead of idling 5 s in keep-alive), cut whatever
 * is still open after the grace period (a client trickling a body), clean up and exit.
 *
 * "What already reached the server": the kernel completes connections and keeps their
 * first bytes before the process has accepted or read them, and Node accepts one
 * connection per turn of the event loop, reading its bytes on the next. Closing the
 * listener at once would reset the connections still queued, and closing the
 * idle-looking ones at once would drop requests not read yet. So the listener stays
 * open until a turn takes in no new connection (one second at most), and idle
 * connections are closed a turn after that. A second signal changes
 * nothing: Ctrl-C under `npm start` delivers SIGINT twice, once from the terminal and
 * once forwarded by npm.
 */
export function stopGracefullyOnSignals(server: ServerType, options: ShutdownOptions): void {
  if (!(server instanceof HttpServer)) throw new TypeError("stopGracefullyOnSignals needs an HTTP/1 server");
  const http = server;
  const log = options.log ?? console.log;
  const graceMs = options.graceMs ?? GRACE_MS;
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  /** Set once nothing more is being taken in: from then on, idle connections are closed. */
  let settled = false;
  let acceptedThisTurn = false;
  http.on("connection", () => (acceptedThisTurn = true));

  const closeIdleConnections = () => nextTurn(() => http.closeIdleConnections());

  const closeWhenAnswered = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
    // An answer whose headers went out before the signal still said keep-alive.
    res.once("finish", () => {
      if (settled) closeIdleConnections();
    });
  };

  // Prepended, so it runs before the app's own listener can write the headers.
  http.prependListener("request", (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (stopping) closeWhenAnswered(res);
  });

  const exit = () => {
    options.cleanup().then(
      () => {
        log("Stopped.");
        process.exit(0);
      },
      (err: unknown) => {
        console.error("Stopping failed:", err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(
      `${signal}: stopping. No new connections; finishing ${inFlight.size} request(s) in progress ` +
        `(any still open in ${graceMs / 1000} s are cut).`,
    );
    setTimeout(() => {
      console.error("Exiting without a clean stop: cleaning up took too long.");
      process.exit(1);
    }, graceMs + CLEANUP_MS).unref();
    const deadline = setTimeout(() => {
      log(`Cutting ${inFlight.size} request(s) still open after ${graceMs / 1000} s.`);
      http.closeAllConnections();
    }, graceMs);
    for (const res of inFlight) closeWhenAnswered(res);
    const acceptUntil = Date.now() + ACCEPT_QUEUE_MS;
    acceptedThisTurn = false;
    const closeWhenQueueEmpty = () => {
      if (acceptedThisTurn && Date.now() < acceptUntil) {
        acceptedThisTurn = false;
        nextTurn(closeWhenQueueEmpty);
        return;
      }
      // net's close, not http's: http.Server#close also closes the idle-looking
      // connections at once, before the last one accepted has been read.
      NetServer.prototype.close.call(http, () => {
        clearTimeout(deadline);
        exit();
      });
      settled = true;
      closeIdleConnections();
    };
    nextTurn(closeWhenQueueEmpty);
  };

  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
