/**
 * The site's server as a child process, for whatever drives the real thing over HTTP
 * (the benchmarks, Lighthouse, the tests through tests/fixtures/real-server.ts):
 * server.ts under tsx, so it is always today's source (it needs `npm run build` for the
 * Remix app), or the compiled server as `npm start` runs it.
 */
import { readFileSync } from "node:fs";
import type { SpawnOptions } from "node:child_process";
import { run, type Child } from "./child-process";
import { freePort } from "./ports";

/** How long a server may take to answer its health check: generous, for a busy 2-core machine running a second `npm test` beside this one. */
const START_LIMIT_MS = 100_000;

export async function waitForHealth(base: string, deadline = Date.now() + START_LIMIT_MS): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy in ${START_LIMIT_MS / 1000} s`);
}

/**
 * package.json's start command, run by sh as npm runs it but without npm: it sets the
 * memory settings (malloc, V8) before node starts and execs node, so the child's pid is
 * the server's and a signal reaches it directly.
 */
function npmStartCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  return ["sh", "-c", scripts.start];
}

/** How a server is started: compiled or not, and `under` a command that runs it (e.g. setpriv). */
export type ServerSpawnOptions = SpawnOptions & { compiled?: boolean; under?: string[] };

/** Today's server.ts under tsx; or, `compiled`, the compiled server exactly as `npm start` runs it. */
export function startServer(env: Record<string, string>, options: ServerSpawnOptions = {}): Child {
  const { compiled = false, under = [], ...spawnOptions } = options;
  const serverCommand = compiled ? npmStartCommand() : [process.execPath, "--import", "tsx", "server.ts"];
  const [command, ...args] = [...under, ...serverCommand];
  return run(command, args, env, spawnOptions);
}

/** Starts a server on a free port and waits until it answers. */
export async function startServing(
  env: Record<string, string>,
  { compiled = false } = {},
): Promise<Child & { base: string }> {
  const port = await freePort();
  const server = startServer({ PORT: String(port), HOST: "127.0.0.1", ...env }, { compiled });
  const base = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForHealth(base),
    server.exited.then(() => Promise.reject(new Error(`the server exited:\n${server.output()}`))),
  ]);
  return { ...server, base };
}

/** SIGTERM, then wait for the exit. */
export async function stop(server: Child): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}
