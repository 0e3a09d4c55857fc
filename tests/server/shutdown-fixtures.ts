import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

/**
 * What the tests of stopping the server share: raw HTTP/1.1 connections (idle, or a body
 * sent byte by byte), a scratch DATA_DIR, and the wait for the process to exit.
 */
export const PASSWORD = "shutdown-test-password";
export const TEN_SECONDS = 10_000;

let scratch: string | undefined;
export const cleanups: Array<() => void> = [];

/** Closes the connections, stops the timers and removes the DATA_DIR a test left behind. */
export function cleanUpAfterEachTest(): void {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });
}

export function newDataDir(): string {
  scratch = mkdtempSync(join(tmpdir(), "club-shutdown-"));
  return join(scratch, "data");
}

/** An HTTP/1.1 connection written by hand, to hold it idle or send a body byte by byte. */
export class RawConnection {
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
export async function refusesConnections(port: number): Promise<void> {
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

export function exitWithin<T>(exited: Promise<T>, ms: number): Promise<T | "still running"> {
  return Promise.race([
    exited,
    new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), ms)),
  ]);
}

export async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A POST whose headers the server has taken in (it answered 100 Continue) and whose body is half sent. */
export async function postHalfway(
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
