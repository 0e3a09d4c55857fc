import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { SQLite } from "../../api/store/sqlite-driver";
import { afterAll, describe, expect, it, vi } from "vitest";
import { AFTER_THE_BACKUP, BackupScene, PASSWORD } from "../fixtures/backup-restore";
import { startServing, stop, type Child } from "../fixtures/real-server";

/**
 * `npm run admin -- backup` against the real server while it takes writes, and
 * `npm run admin -- restore` with the server running (refused) and stopped. The
 * PostgreSQL counterpart is backup-restore-postgres.test.ts.
 */
const scene = new BackupScene("club-backup-");

function storedTitles(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    return (db.prepare("SELECT title FROM news").all() as Array<{ title: string }>).map((row) => row.title);
  } finally {
    db.close();
  }
}

describe("backup and restore", () => {
  const backupFile = () => join(scene.scratch, "club.sqlite");
  let acknowledgedBeforeBackup: string[] = [];

  it("a backup taken under concurrent writes opens, passes integrity_check and holds every write acknowledged before it started", async () => {
    const { backup, acknowledgedBefore, acknowledgedDuring, failures } = await scene.backupUnderWrites(backupFile());
    acknowledgedBeforeBackup = acknowledgedBefore;

    expect(backup.output).toContain(`to ${backupFile()} (checked with integrity_check)`);
    expect(backup.code).toBe(0);
    expect(failures).toEqual([]);
    expect(acknowledgedDuring).toBeGreaterThan(0);
    const inBackup = storedTitles(backupFile());
    expect(inBackup).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
    // One self-contained file, nothing left beside it.
    expect(readdirSync(scene.scratch).filter((name) => name.startsWith("club.sqlite"))).toEqual(["club.sqlite"]);
  });

  it("without a FILE, the backup goes to DATA_DIR/backups", async () => {
    const made = await scene.backupWithoutFile(/^backup-[\dT-]+Z\.sqlite$/);
    expect(storedTitles(made)).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
  });

  it("restore is refused while the server runs, and puts the backup back once it has stopped", async () => {
    const { dataDir } = scene;
    expect((await scene.restoreWhileServing(backupFile())).trim()).toBe(
      `A server is running on DATA_DIR ${dataDir} (it holds the lock on ${join(dataDir, "server.lock")}). ` +
        "Stop it, then run the restore again.",
    );

    const restored = await scene.restoreStopped(backupFile(), {
      keptAs: "The database it replaced",
      extension: "sqlite",
    });
    expect(restored.output).toContain(`Restored ${join(dataDir, "data.sqlite")} from ${backupFile()}.`);
    expect(storedTitles(restored.kept)).toContain(AFTER_THE_BACKUP);

    await scene.expectRestored(acknowledgedBeforeBackup);
  });

  it("restore refuses a file that is not a sound backup of this site, and leaves the database alone", async () => {
    await scene.stopServing();
    const live = join(scene.dataDir, "data.sqlite");
    const before = readFileSync(live);

    const junk = join(scene.scratch, "junk.sqlite");
    writeFileSync(junk, "this is not a database ".repeat(200));
    await scene.expectRestoreRefused(junk, `${junk} cannot be restored from (SQLITE_NOTADB): file is not a database.`);

    const foreign = join(scene.scratch, "foreign.sqlite");
    const other = new SQLite(foreign);
    other.exec("CREATE TABLE things (id INTEGER PRIMARY KEY)");
    other.close();
    await scene.expectForeignAndMissingRefused(foreign, "sqlite");

    // A real backup with garbage over the news table's page.
    const damaged = join(scene.scratch, "damaged.sqlite");
    copyFileSync(backupFile(), damaged);
    const reader = new SQLite(damaged, { readonly: true });
    const newsPage = (
      reader.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'news'").get() as { rootpage: number }
    ).rootpage;
    const pageSize = reader.pragma("page_size", { simple: true }) as number;
    reader.close();
    const fd = openSync(damaged, "r+");
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (newsPage - 1) * pageSize);
    closeSync(fd);
    const broken = await scene.admin("restore", damaged);
    expect(broken.code).toBe(1);
    expect(broken.output.trim()).toMatch(new RegExp(`^${damaged} cannot be restored from\\b`));

    expect(readFileSync(live).equals(before)).toBe(true);
    expect(existsSync(`${live}.restoring`)).toBe(false);
  });
});

describe("the server's daily snapshots", () => {
  let running: (Child & { base: string }) | undefined;
  afterAll(async () => {
    if (running) await stop(running);
  });

  it("are taken at start into DATA_DIR/backups and pruned to BACKUP_KEEP", async () => {
    const dir = join(scene.scratch, "snapshots");
    mkdirSync(join(dir, "backups"), { recursive: true });
    const older = [
      "daily-2020-01-01T03-00-00Z.sqlite",
      "daily-2020-01-02T03-00-00Z.sqlite",
      "daily-2020-01-03T03-00-00Z.sqlite",
    ];
    for (const name of older) writeFileSync(join(dir, "backups", name), "an older snapshot");

    running = await startServing({ DATA_DIR: dir, ADMIN_PASSWORD: PASSWORD, BACKUP_KEEP: "2" });
    const dailies = () =>
      readdirSync(join(dir, "backups"))
        .filter((name) => /^daily-.*\.sqlite$/.test(name))
        .sort();
    await vi.waitFor(() => expect(dailies()).toEqual([older[2], expect.stringMatching(/^daily-2\d{3}-/)]), {
      timeout: 20_000,
    });
    expect(dailies()[1] > older[2]).toBe(true);
    expect(storedTitles(join(dir, "backups", dailies()[1])).length).toBeGreaterThan(0);
  });
});
