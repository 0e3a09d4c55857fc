/**
 * A child process with its output kept and its exit awaitable: the server, `npm start`
 * or the admin script, as the benchmarks, Lighthouse and the tests run them.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

export interface Child {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** Resolves once `text` appears in its output. */
  printed(text: string | RegExp): Promise<void>;
}

/** Every child still running; none outlives the test worker, even when a test times out. */
const alive = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of alive) child.kill("SIGKILL");
});

export function run(command: string, args: string[], env: Record<string, string>, options: SpawnOptions = {}): Child {
  let output = "";
  const waiting: Array<{ text: string | RegExp; resolve: () => void }> = [];
  const child = spawn(command, args, {
    env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wait of [...waiting]) {
      if (typeof wait.text === "string" ? output.includes(wait.text) : wait.text.test(output)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
    }
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  alive.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      alive.delete(child);
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const printed = (text: string | RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (typeof text === "string" ? output.includes(text) : text.test(output)) return resolve();
      waiting.push({ text, resolve });
      exited.then(() => reject(new Error(`exited before printing ${String(text)}:\n${output}`)));
    });
  return { child, output: () => output, exited, printed };
}
