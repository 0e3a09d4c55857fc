import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { queryStored } from "../api/helpers";
import { freePort, startServing, type Child } from "../fixtures/real-server";
import { onPostgres, onTestStore } from "../fixtures/test-database";

/**
 * SIGTERM (docker stop, a process manager) or SIGINT (Ctrl-C): the server stops
 * accepting, finishes what is in flight, closes idle keep-alive connections at once and
 * exits within 10 s, however slowly a client sends; and `npm start` passes the signal on.
 */
const PASSWORD = "shutdown-test-password";
const TEN_SECONDS = 10_000;

let scratch: string | undefined;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

function newDataDir(): string {
  scratch = mkdtempSync(join(tmpdir(), "club-shutdown-"));
  return join(scratch, "data");
}

/** An HTTP/1.1 connection written by hand, to hold it idle or send a body byte by byte. */
class RawConnection {
  private readonly socket: Socket;
  private received = "";
  private readonly waiting: Array<() => void> = [];
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, "127.0.0.1");
    this.socket.setEncoding("utf8");
    this.socket.on("data", (chunk: string) => {
      this.received += chunk;
      for (const wake of this.waiting.splice(0)) wake();
    });
    this.socket.on("error", () => undefined); // a cut connection is what some tests expect
    this.closed = new Promise((resolve) => this.socket.once("close", () => resolve()));
    void this.closed.then(() => {
      for (const wake of this.waiting.splice(0)) wake();
    });
    cleanups.push(() => this.socket.destroy());
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  text(): string {
    return this.received;
  }

  write(data: string): void {
    if (!this.socket.destroyed) this.socket.write(data);
  }

  /** Resolves once the server has sent `text`; fails if the connection closes first. */
  async until(text: string): Promise<void> {
    while (!this.received.includes(text)) {
      if (this.socket.destroyed) throw new Error(`closed before "${text}"; received:\n${this.received}`);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}

/** Resolves once the server refuses new connections: it has stopped accepting. */
async function refusesConnections(port: number): Promise<void> {
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const probe = connect(port, "127.0.0.1");
      probe.once("connect", () => {
        probe.destroy();
        resolve(true);
      });
      probe.once("error", () => resolve(false));
    });
    if (!accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exitWithin<T>(exited: Promise<T>, ms: number): Promise<T | "still running"> {
  return Promise.race([
    exited,
    new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), ms)),
  ]);
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A POST whose headers the server has taken in (it answered 100 Continue) and whose body is half sent. */
async function postHalfway(
  port: number,
  token: string,
  title: string,
): Promise<{ connection: RawConnection; rest: string }> {
  // Long enough that a byte every 200 ms never completes it while the server drains.
  const content = `<p>${"Sent slowly. ".repeat(400)}</p>`;
  const body = JSON.stringify({ title, content, publishedAt: "2026-03-01T09:00:00.000Z", imageUrl: null });
  const connection = new RawConnection(port);
  connection.write(
    "POST /api/admin/news HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n" +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      "Expect: 100-continue\r\n\r\n",
  );
  await connection.until("100 Continue");
  const half = Math.floor(body.length / 2);
  connection.write(body.slice(0, half));
  return { connection, rest: body.slice(half) };
}

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
  }, 40_000);

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
  }, 40_000);
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
    expect(answers).toEqual(connections.map((_, i) => (i < keptAlive.length ? [200, expected(i)] : [expected(i)])));
    for (const connection of connections)
      expect(connection.text()).toMatch(/\r\nconnection: close\r\n(?![\s\S]*HTTP\/1\.1)/i);
    expect(await exitWithin(server.exited, TEN_SECONDS)).toBe(0);
  }, 40_000);
});

describe("npm start", () => {
  it("runs the compiled server with node, and a SIGTERM sent to npm stops it", async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    // npm in its own process group, so that whatever it leaves behind can be cleaned up.
    const npm = spawn("npm", ["start"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        // On the postgres project: DATABASE_URL=postgres://… npm start.
        ...(await onTestStore({
          SESSION_SECRET: "",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: PASSWORD,
        })),
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
    cleanups.push(() => {
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // Nothing left.
      }
    });

    const base = `http://127.0.0.1:${port}`;
    const serving = async () => {
      try {
        return (await fetch(`${base}/api/health`)).ok;
      } catch {
        return false;
      }
    };
    // A first run may build the site first.
    const startDeadline = Date.now() + 150_000;
    while (!(await serving())) {
      if (Date.now() > startDeadline || npm.exitCode !== null) throw new Error(`npm start did not serve:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    expect(output).toContain(
      onPostgres ? "(embedded API, data in PostgreSQL at postgres://" : "(embedded API, data in /",
    );

    // No shell and no TypeScript loader between npm and the server.
    const children = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return (
            readFileSync(`/proc/${pid}/stat`, "utf8")
              .replace(/^.*\) /, "")
              .split(" ")[1] === String(npm.pid)
          );
        } catch {
          return false;
        }
      })
      .map((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" "));
    // node itself, with the V8 flag package.json gives it (scripts/start.mjs says why).
    expect(children).toEqual([expect.stringMatching(/^\S*node (?:--[\w-]+=\S+ )*scripts\/start\.mjs$/)]);

    const signalledAt = Date.now();
    npm.kill("SIGTERM");
    await exitWithin(npmExited, TEN_SECONDS);
    while ((await serving()) && Date.now() - signalledAt < TEN_SECONDS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await serving()).toBe(false);
    expect(output).toContain("SIGTERM: stopping");
    expect(output).toContain("Stopped.");
  }, 180_000);
});
