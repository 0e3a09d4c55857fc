import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerSpawnOptions } from "../../scripts/lib/server";
import { runAdmin, stackLines, startRefused, startServing, stop, type Child } from "../fixtures/real-server";

/**
 * What an operator sees when DATA_DIR is wrong: one line naming the directory and what
 * is wrong with it, and exit code 1, from the server and from the admin script alike.
 */

/**
 * Root writes through any mode bits. As root the server therefore runs without the
 * capabilities that let it (util-linux's setpriv drops them from its bounding set): still
 * root, so it reads the repository wherever it was cloned, even in a folder only root
 * may enter, which another user could not.
 */
const WITHOUT_ROOTS_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"];

let scratch: string;
const running: Child[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
  chmodSync(scratch, 0o755);
  rmSync(scratch, { recursive: true, force: true });
});

function newScratch(): string {
  scratch = mkdtempSync(join(tmpdir(), "club-data-dir-"));
  return scratch;
}

async function refusal(env: Record<string, string>, options: ServerSpawnOptions = {}): Promise<string> {
  const { outcome, output } = await startRefused(env, options);
  expect(outcome, output).toBe(1);
  return output.trim();
}

describe("an unusable DATA_DIR at start", () => {
  it("one line when DATA_DIR cannot be created because part of its path is a file", async () => {
    const parent = join(newScratch(), "not-a-directory");
    writeFileSync(parent, "");
    const dataDir = join(parent, "data");
    const output = await refusal({ DATA_DIR: dataDir });
    expect(output).toBe(
      `DATA_DIR ${dataDir} does not exist and cannot be created (ENOTDIR): part of the path is a file, not a directory.`,
    );
  });

  it("one line when DATA_DIR is a file", async () => {
    const dataDir = join(newScratch(), "data");
    writeFileSync(dataDir, "");
    expect(await refusal({ DATA_DIR: dataDir })).toBe(`DATA_DIR ${dataDir} is not a directory.`);
  });

  it("one line when DATA_DIR exists but the server may not write in it", async () => {
    const dataDir = join(newScratch(), "data");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o555);
    const asRoot = process.getuid?.() === 0;
    const output = await refusal({ DATA_DIR: dataDir }, asRoot ? { under: WITHOUT_ROOTS_OVERRIDE } : {});
    expect(output).toMatch(
      new RegExp(
        `^DATA_DIR ${dataDir} is not writable \\(EACCES\\): permission denied for this user \\(uid \\d+\\)\\.$`,
      ),
    );
  });

  it("the admin script says the same", async () => {
    const parent = join(newScratch(), "not-a-directory");
    writeFileSync(parent, "");
    const dataDir = join(parent, "data");
    const result = await runAdmin(["set-password", "admin", "long-enough-password"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(
      `DATA_DIR ${dataDir} does not exist and cannot be created (ENOTDIR): part of the path is a file, not a directory.`,
    );
  });

  it("a missing DATA_DIR that can be made is made, as on a first start", async () => {
    const dataDir = join(newScratch(), "new", "data");
    const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: "first-start-password" });
    running.push(server);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });
});

describe("one server per DATA_DIR", () => {
  it("a second server on the same DATA_DIR refuses to start, in one line", async () => {
    const dataDir = join(newScratch(), "data");
    const first = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: "first-start-password" });
    running.push(first);
    const output = await refusal({ DATA_DIR: dataDir });
    expect(output).toBe(
      `DATA_DIR ${dataDir} is in use by another running server or a restore (it holds the lock on ${dataDir}/server.lock).`,
    );
    expect(stackLines(output)).toEqual([]);
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
  });

  it("a server killed outright leaves no stale lock behind", async () => {
    const dataDir = join(newScratch(), "data");
    const first = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: "first-start-password" });
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await startServing({ DATA_DIR: dataDir });
    running.push(second);
    expect((await fetch(`${second.base}/api/health`)).status).toBe(200);
  });
});
