import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SQLite } from "../../api/store/sqlite-driver";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN, makeApi, tempDataDir, type TestApi } from "./helpers";

/**
 * The server keeps daily snapshots of the database in DATA_DIR/backups, the last
 * BACKUP_KEEP of them. The test clock starts at 2026-03-01T12:00:00Z.
 */
let t: TestApi | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.api.close();
  t = undefined;
  await cleanup?.();
});

async function dataDir(): Promise<string> {
  const temp = await tempDataDir();
  cleanup = temp.cleanup;
  return temp.dir;
}

function backups(dir: string): string[] {
  return readdirSync(path.join(dir, "backups")).sort();
}

/** Placeholder snapshots from earlier days (their content is never read). */
function earlierSnapshots(dir: string, names: string[]): void {
  mkdirSync(path.join(dir, "backups"), { recursive: true });
  for (const name of names) writeFileSync(path.join(dir, "backups", name), "an older snapshot");
}

function storedUsers(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    return (db.prepare("SELECT username FROM users").all() as Array<{ username: string }>).map((row) => row.username);
  } finally {
    db.close();
  }
}

describe("daily snapshots", () => {
  it("takes one at start when none is a day old, and keeps only the newest BACKUP_KEEP", async () => {
    const dir = await dataDir();
    const older = Array.from(
      { length: 8 },
      (_, i) => `daily-2026-02-${String(20 + i).padStart(2, "0")}T03-00-00Z.sqlite`,
    );
    const cutShort = "daily-2026-02-28T03-00-00Z.sqlite.partial"; // a copy its process did not live to finish
    earlierSnapshots(dir, [...older, "backup-2026-02-01T10-00-00Z.sqlite", cutShort]);
    t = await makeApi({ dataDir: dir, backupKeep: 7 });
    await t.api.close(); // waits for the snapshot it started
    t = undefined;

    expect(backups(dir)).toEqual([
      "backup-2026-02-01T10-00-00Z.sqlite", // made by hand: never pruned
      ...older.slice(2),
      "daily-2026-03-01T12-00-00Z.sqlite",
    ]);
    const snapshot = path.join(dir, "backups", "daily-2026-03-01T12-00-00Z.sqlite");
    expect(storedUsers(snapshot)).toEqual([ADMIN.username]);
    expect(readdirSync(path.join(dir, "backups")).some((name) => name.endsWith(".partial"))).toBe(false);
  });

  it("takes none at start when the newest is less than a day old", async () => {
    const dir = await dataDir();
    earlierSnapshots(dir, ["daily-2026-03-01T00-00-00Z.sqlite"]);
    t = await makeApi({ dataDir: dir, backupKeep: 7 });
    await t.api.close();
    t = undefined;
    expect(backups(dir)).toEqual(["daily-2026-03-01T00-00-00Z.sqlite"]);
  });

  it("takes the next one when the newest turns a day old, then every day", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const dir = await dataDir();
    earlierSnapshots(dir, ["daily-2026-03-01T00-00-00Z.sqlite"]);
    t = await makeApi({ dataDir: dir, backupKeep: 2 });
    const HOUR = 60 * 60 * 1000;

    t.clock.advance(11 * HOUR);
    await vi.advanceTimersByTimeAsync(11 * HOUR); // 23:00, the newest is 23 h old
    expect(backups(dir)).toEqual(["daily-2026-03-01T00-00-00Z.sqlite"]);

    t.clock.advance(HOUR);
    await vi.advanceTimersByTimeAsync(HOUR); // midnight
    await vi.waitFor(() => expect(backups(dir)).toContain("daily-2026-03-02T00-00-00Z.sqlite"));

    t.clock.advance(24 * HOUR);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    await vi.waitFor(() =>
      expect(backups(dir)).toEqual(["daily-2026-03-02T00-00-00Z.sqlite", "daily-2026-03-03T00-00-00Z.sqlite"]),
    );
  });

  it("BACKUP_KEEP unset or 0: no snapshots", async () => {
    const dir = await dataDir();
    t = await makeApi({ dataDir: dir, backupKeep: 0 });
    await t.api.close();
    t = undefined;
    expect(readdirSync(dir)).not.toContain("backups");
  });
});
