import { afterEach, describe, expect, it } from "vitest";
import { queryStored } from "../api/helpers";
import { startServing, type Child } from "../fixtures/real-server";
import {
  cleanUpAfterEachTest,
  cleanups,
  exitWithin,
  login,
  newDataDir,
  PASSWORD,
  postHalfway,
  RawConnection,
  refusesConnections,
  TEN_SECONDS,
} from "./shutdown-fixtures";

/**
 * SIGTERM (docker stop, a process manager) or SIGINT (Ctrl-C): the server stops
 * accepting, finishes what is in flight, closes idle keep-alive connections at once and
 * exits within 10 s, however slowly a client sends (`npm start`: npm-start.test.ts).
 */
cleanUpAfterEachTest();

describe("stopping the server", () => {
  let server: (Child & { base: string }) | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    if (server) await server.exited;
    server = undefined;
  });

  it("on SIGTERM: closes idle connections, finishes the request in flight, cuts a trickling body, and exits within 10 s", async () => {
    const dataDir = newDataDir();
    server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
    const port = Number(new URL(server.base).port);
    const token = await login(server.base);

    const idle = new RawConnection(port);
    idle.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    await idle.until('{"status":"ok"}');

    const inFlight = await postHalfway(port, token, "Finished after the signal");
    const trickling = await postHalfway(port, token, "Never finished");
    let trickle: NodeJS.Timeout | undefined = setInterval(() => trickling.connection.write(" "), 200);
    cleanups.push(() => clearInterval(trickle));

    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await refusesConnections(port);

    await idle.closed;
    expect(idle.text().match(/HTTP\/1\.1 /g)).toHaveLength(1);

    inFlight.connection.write(inFlight.rest);
    await inFlight.connection.until('"title":"Finished after the signal"');
    expect(inFlight.connection.text()).toMatch(/^HTTP\/1\.1 201 Created\r\n/m);
    expect(inFlight.connection.text()).toMatch(/\r\nconnection: close\r\n/i);
    await inFlight.connection.closed;

    expect(await exitWithin(server.exited, TEN_SECONDS - (Date.now() - signalledAt))).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(TEN_SECONDS);
    expect(trickling.connection.isClosed).toBe(true);
    clearInterval(trickle);
    trickle = undefined;
    expect(server.output()).toContain("Cutting 1 request(s) still open after 8 s.");
    expect(server.output()).toContain("Stopped.");

    const stored = await queryStored<{ title: string }>(
      dataDir,
      "SELECT title FROM news WHERE title LIKE '%after the signal' OR title LIKE 'Never%'",
    );
    expect(stored).toEqual([{ title: "Finished after the signal" }]);
  });

  it("on SIGINT, sent twice as Ctrl-C under npm does: closes idle connections, stops once and exits", async () => {
    server = await startServing({ DATA_DIR: newDataDir(), ADMIN_PASSWORD: PASSWORD });
    const port = Number(new URL(server.base).port);
    const idle = new RawConnection(port);
    idle.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    await idle.until('{"status":"ok"}');

    server.child.kill("SIGINT");
    server.child.kill("SIGINT"); // Ctrl-C under npm arrives twice
    await idle.closed;
    expect(await exitWithin(server.exited, TEN_SECONDS)).toBe(0);
    expect(server.output().match(/SIGINT: stopping/g)).toHaveLength(1);
  });
});

describe("requests that reached the server before the signal", () => {
  let server: (Child & { base: string }) | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGCONT");
      server.child.kill("SIGKILL");
    }
    if (server) await server.exited;
    server = undefined;
  });

  /** The answers on a connection, each complete: its status and, by Content-Length or chunks, its whole body. */
  function completeAnswers(text: string): number[] {
    const statuses: number[] = [];
    let rest = text;
    while (rest.length > 0) {
      const head = /^HTTP\/1\.1 (\d{3}) [^\r]*\r\n([\s\S]*?)\r\n\r\n/.exec(rest);
      if (!head) throw new Error(`not an HTTP answer: ${rest.slice(0, 200)}`);
      rest = rest.slice(head[0].length);
      const length = /^content-length: (\d+)$/im.exec(head[2]);
      if (length) {
        const size = Number(length[1]);
        if (Buffer.byteLength(rest) < size) throw new Error(`cut short: ${rest.length} of ${size}`);
        rest = Buffer.from(rest).subarray(size).toString();
      } else if (/^transfer-encoding: chunked$/im.test(head[2])) {
        const end = rest.indexOf("\r\n0\r\n\r\n");
        if (end < 0 && !rest.startsWith("0\r\n\r\n")) throw new Error("chunked answer cut short");
        rest = rest.startsWith("0\r\n\r\n") ? rest.slice(5) : rest.slice(end + 7);
      }
      statuses.push(Number(head[1]));
    }
    return statuses;
  }

  it("every request already sent when SIGTERM comes gets a complete answer, on kept-alive and on new connections", async () => {
    server = await startServing({ DATA_DIR: newDataDir(), ADMIN_PASSWORD: PASSWORD });
    const port = Number(new URL(server.base).port);
    const token = await login(server.base);
    const requests = [
      ...["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"].map(
        (page) => `GET ${page} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`,
      ),
      ...Array.from({ length: 6 }, (_, i) => {
        const body = JSON.stringify({
          title: `Sent before the signal ${i}`,
          content: "<p>x</p>",
          publishedAt: "2026-03-01",
        });
        return (
          "POST /api/admin/news HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n" +
          `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
        );
      }),
    ];
    // Half the requests go on connections that have served one request and wait, idle.
    const keptAlive = Array.from({ length: requests.length / 2 }, () => new RawConnection(port));
    for (const connection of keptAlive) {
      connection.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
      await connection.until('{"status":"ok"}');
    }
    // The server is frozen: the other half connect (the kernel completes the handshake) and
    // every request waits unread, in the sockets and in the queue of connections to accept.
    server.child.kill("SIGSTOP");
    const fresh = Array.from({ length: requests.length / 2 }, () => new RawConnection(port));
    const connections = [...keptAlive, ...fresh];
    connections.forEach((connection, i) => connection.write(requests[i]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill("SIGTERM");
    server.child.kill("SIGCONT");

    await Promise.all(connections.map((connection) => connection.closed));
    const expected = (i: number) => (requests[i].startsWith("GET") ? 200 : 201);
    const answers = connections.map((connection) => completeAnswers(connection.text()));
    // Each connection is closed by the server right after its last complete answer. That
    // answer says `Connection: close` only if the signal was handled before its headers
    // went out: after SIGCONT, Node may read and answer a request before it runs the
    // signal's handler, and such an answer still says keep-alive (the server then closes
    // the connection once it is idle, which `closed` above waited for).
    expect(answers).toEqual(connections.map((_, i) => (i < keptAlive.length ? [200, expected(i)] : [expected(i)])));
    expect(await exitWithin(server.exited, TEN_SECONDS)).toBe(0);
  });
});
