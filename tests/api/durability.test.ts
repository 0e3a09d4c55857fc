import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { makeApi, tempDataDir, type TestApi } from "./helpers";

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
