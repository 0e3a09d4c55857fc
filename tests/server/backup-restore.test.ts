import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQLite } from "../../api/store/sqlite-driver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminToken, createNews, keepWriting, newsTitles } from "../fixtures/api-client";
import { runAdmin, startServing, stop, type Child } from "../fixtures/real-server";

/**
 * `npm run admin -- backup` against the real server while it takes writes, and
 * `npm run admin -- restore` with the server running (refused) and stopped.
 */
const PASSWORD = "backup-test-password";

interface Running extends Child {
  base: string;
}

let scratch: string;
let dataDir: string;
let server: Running | undefined;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "club-backup-"));
  dataDir = join(scratch, "data");
});

afterAll(async () => {
  if (server) await stop(server);
  rmSync(scratch, { recursive: true, force: true });
});

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
  const backupFile = () => join(scratch, "club.sqlite");
  let acknowledgedBeforeBackup: string[] = [];

  it("a backup taken under concurrent writes opens, passes integrity_check and holds every write acknowledged before it started", async () => {
    server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
    const token = await adminToken(server.base, PASSWORD);

    // Four clients writing at once, before, during and after the backup.
    const { acknowledged, failures, stop: stopWriting } = keepWriting(server.base, token);
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(20), { timeout: 10_000 });

    acknowledgedBeforeBackup = [...acknowledged];
    const backup = await runAdmin(["backup", backupFile()], { DATA_DIR: dataDir });
    const acknowledgedDuringBackup = acknowledged.length - acknowledgedBeforeBackup.length;
    await stopWriting();

    expect(backup.output).toContain(`to ${backupFile()} (checked with integrity_check)`);
    expect(backup.code).toBe(0);
    expect(failures).toEqual([]);
    expect(acknowledgedDuringBackup).toBeGreaterThan(0);
    const inBackup = storedTitles(backupFile());
    expect(inBackup).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
    // One self-contained file, nothing left beside it.
    expect(readdirSync(scratch).filter((name) => name.startsWith("club.sqlite"))).toEqual(["club.sqlite"]);
  }, 60_000);

  it("without a FILE, the backup goes to DATA_DIR/backups", async () => {
    const backup = await runAdmin(["backup"], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    const made = readdirSync(join(dataDir, "backups")).filter((name) => /^backup-[\dT-]+Z\.sqlite$/.test(name));
    expect(made).toHaveLength(1);
    expect(backup.output).toContain(join(dataDir, "backups", made[0]));
    expect(storedTitles(join(dataDir, "backups", made[0]))).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
  }, 30_000);

  it("restore is refused while the server runs, and puts the backup back once it has stopped", async () => {
    const running = server!;
    const token = await adminToken(running.base, PASSWORD);
    expect((await createNews(running.base, token, "After the backup")).status).toBe(201);

    const refused = await runAdmin(["restore", backupFile()], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      `A server is running on DATA_DIR ${dataDir} (it holds the lock on ${join(dataDir, "server.lock")}). ` +
        "Stop it, then run the restore again.",
    );
    expect(await newsTitles(running.base)).toContain("After the backup");

    expect(await stop(running)).toBe(0);
    server = undefined;
    const restored = await runAdmin(["restore", backupFile()], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`Restored ${join(dataDir, "data.sqlite")} from ${backupFile()}.`);
    const kept = /The database it replaced is kept as (\S+)\.\n/.exec(restored.output)?.[1];
    expect(kept).toMatch(new RegExp(`^${join(dataDir, "backups")}/before-restore-[\\dT-]+Z\\.sqlite$`));
    expect(storedTitles(kept!)).toContain("After the backup");

    server = await startServing({ DATA_DIR: dataDir });
    const titles = await newsTitles(server.base);
    expect(titles).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
    expect(titles).not.toContain("After the backup");
  }, 60_000);

  it("restore refuses a file that is not a sound backup of this site, and leaves the database alone", async () => {
    await stop(server!);
    server = undefined;
    const live = join(dataDir, "data.sqlite");
    const before = readFileSync(live);

    const junk = join(scratch, "junk.sqlite");
    writeFileSync(junk, "this is not a database ".repeat(200));
    const notADatabase = await runAdmin(["restore", junk], { DATA_DIR: dataDir });
    expect(notADatabase.code).toBe(1);
    expect(notADatabase.output.trim()).toBe(`${junk} cannot be restored from (SQLITE_NOTADB): file is not a database.`);

    const foreign = join(scratch, "foreign.sqlite");
    const other = new SQLite(foreign);
    other.exec("CREATE TABLE things (id INTEGER PRIMARY KEY)");
    other.close();
    const notOurs = await runAdmin(["restore", foreign], { DATA_DIR: dataDir });
    expect(notOurs.code).toBe(1);
    expect(notOurs.output.trim()).toBe(`${foreign} is not a backup of this site's database.`);

    const missing = await runAdmin(["restore", join(scratch, "nowhere.sqlite")], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.output.trim()).toBe(`There is no file ${join(scratch, "nowhere.sqlite")} to restore from.`);

    // A real backup with garbage over the news table's page.
    const damaged = join(scratch, "damaged.sqlite");
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
    const broken = await runAdmin(["restore", damaged], { DATA_DIR: dataDir });
    expect(broken.code).toBe(1);
    expect(broken.output.trim()).toMatch(new RegExp(`^${damaged} cannot be restored from\\b`));

    expect(readFileSync(live).equals(before)).toBe(true);
    expect(existsSync(`${live}.restoring`)).toBe(false);
  }, 30_000);
});

describe("the server's daily snapshots", () => {
  let running: Running | undefined;
  afterAll(async () => {
    if (running) await stop(running);
  });

  it("are taken at start into DATA_DIR/backups and pruned to BACKUP_KEEP", async () => {
    const dir = join(scratch, "snapshots");
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
  }, 40_000);
});
