import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { adminToken } from "../fixtures/api-client";
import { startServing, stop } from "../fixtures/real-server";
import { makeApi, tempDataDir, type TestApi } from "../api/helpers";

/**
 * A write the API acknowledged survives a power cut, not only a crash of the process:
 * in WAL mode only synchronous=FULL syncs the log at every commit (NORMAL waits for a
 * checkpoint). A power cut cannot be staged in a test; the settings that decide it can
 * be read on the connection the API writes with.
 */
let t: TestApi | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await t?.api.close();
  await cleanup?.();
});

describe("durability", () => {
  it("the database is written with WAL and synchronous=FULL", async () => {
    const temp = await tempDataDir();
    cleanup = temp.cleanup;
    t = await makeApi({ dataDir: temp.dir });
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.api.store.db);
    expect(journal.rows).toEqual([{ journal_mode: "wal" }]);
    const synchronous = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.api.store.db);
    expect(synchronous.rows).toEqual([{ synchronous: 2 }]); // 2 = FULL
  });
});

describe("a clean stop of the real server (needs `npm run build`)", () => {
  it("closes the database: nothing is left in the write-ahead log", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "club-clean-stop-"));
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    const password = "clean-stop-password";
    const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: password });
    await adminToken(server.base, password);
    expect(await stop(server)).toBe(0);
    expect(readdirSync(dataDir).filter((name) => /-(wal|shm)$/.test(name))).toEqual([]);
  });
});
