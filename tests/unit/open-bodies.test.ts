import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { rawRequest, type RawRequest } from "../fixtures/raw-request";
import { arrivingTooSlowly, BODY_BOUNDS, OpenBodies, type BodyBounds } from "~/lib/security/open-bodies.server";

/** Bounds small enough for a test: the rule is the same at the server's own figures. */
const QUICK: BodyBounds = { perAddress: 2, graceMs: 300, leastBytesPerSecond: 1024, checkEveryMs: 50 };

let server: Server | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** A server that reads each body through OpenBodies, as server.ts does, and answers 'ok' once it has come. */
async function serving(bounds: BodyBounds): Promise<number> {
  const bodies = new OpenBodies(bounds);
  server = createServer((incoming, outgoing) => {
    if (!bodies.admit("one family", incoming, outgoing)) {
      outgoing.writeHead(429, { Connection: "close" }).end("too many");
      return;
    }
    incoming.resume();
    incoming.on("end", () => outgoing.end("ok"));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Opens a POST declaring `length` bytes and sends `first` of them. */
function posting(port: number, length: number, first: string): RawRequest {
  const request = rawRequest(port, `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n${first}`);
  sockets.push(request.socket);
  return request;
}

describe("bodies that arrive slowly", () => {
  it("judges a body by its average rate once its grace is over", () => {
    expect(arrivingTooSlowly(0, BODY_BOUNDS.graceMs, BODY_BOUNDS)).toBe(false);
    expect(arrivingTooSlowly(40, BODY_BOUNDS.graceMs + 40_000, BODY_BOUNDS)).toBe(true);
    expect(arrivingTooSlowly(400 * 1024, BODY_BOUNDS.graceMs + 40_000, BODY_BOUNDS)).toBe(false);
  });

  it("answers a body that drips 408 and closes its connection, and lets a whole one through", async () => {
    const port = await serving(QUICK);
    const dripping = posting(port, 1000, "x");
    const drip = setInterval(() => dripping.socket.write("x"), 20);
    const whole = posting(port, 5, "hello");
    expect(await whole.answer).toBe("HTTP/1.1 200 OK");
    expect(await dripping.answer).toBe("HTTP/1.1 408 Request Timeout");
    await dripping.closed;
    clearInterval(drip);
  });

  it("lets one address send only so many bodies at once, and another once one has arrived", async () => {
    const port = await serving({ ...QUICK, graceMs: 60_000 });
    const held = [posting(port, 1000, "x"), posting(port, 1000, "x")];
    expect(await posting(port, 5, "hello").answer).toBe("HTTP/1.1 429 Too Many Requests");
    held[0].socket.write("x".repeat(999));
    expect(await held[0].answer).toBe("HTTP/1.1 200 OK");
    expect(await posting(port, 5, "hello").answer).toBe("HTTP/1.1 200 OK");
  });
});
