import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freePort } from "../fixtures/real-server";
import { onPostgres, onTestStore } from "../fixtures/test-database";
import { cleanUpAfterEachTest, cleanups, exitWithin, newDataDir, PASSWORD, TEN_SECONDS } from "./shutdown-fixtures";

/** `npm start` runs the compiled server with node itself, and passes a SIGTERM on to it. */
cleanUpAfterEachTest();

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
