import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresTool } from "../../api/ops/postgres-backup";
import { adminToken, createNews, keepWriting, newsTitles } from "../fixtures/api-client";
import { runAdmin, startServing, stop, type Child } from "../fixtures/real-server";
import { createDatabase } from "../fixtures/test-database";

/**
 * `npm run admin -- backup` and `restore` on PostgreSQL (pg_dump and pg_restore),
 * against the real server while it takes writes; restore with it running (refused) and
 * stopped. The SQLite counterpart is backup-restore.test.ts.
 */
const PASSWORD = "backup-test-password";

let scratch: string;
let dataDir: string;
let server: (Child & { base: string }) | undefined;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "club-pg-backup-"));
  dataDir = join(scratch, "data");
});

afterAll(async () => {
  if (server) await stop(server);
  rmSync(scratch, { recursive: true, force: true });
});

/** The news titles in a dump, read back by pg_restore itself (as plain SQL). */
function titlesInDump(file: string): string[] {
  const script = execFileSync(postgresTool("pg_restore"), ["--data-only", "--table=news", "--file=-", file], {
    encoding: "utf8",
  });
  return [...script.matchAll(/^\d+\t([^\t]+)\t/gm)].map((match) => match[1]);
}

describe("backup and restore on PostgreSQL", () => {
  const backupFile = () => join(scratch, "club.pgdump");
  let acknowledgedBeforeBackup: string[] = [];

  it("a backup taken under concurrent writes holds every write acknowledged before it started", async () => {
    server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
    const token = await adminToken(server.base, PASSWORD);
    // Four clients writing at once, before, during and after the backup.
    const { acknowledged, failures, stop: stopWriting } = keepWriting(server.base, token);
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(20), { timeout: 10_000 });

    acknowledgedBeforeBackup = [...acknowledged];
    const backup = await runAdmin(["backup", backupFile()], { DATA_DIR: dataDir });
    await stopWriting();

    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`to ${backupFile()} (pg_dump; checked with pg_restore --list)`);
    expect(failures).toEqual([]);
    expect(titlesInDump(backupFile())).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
    expect(readdirSync(scratch).filter((name) => name.startsWith("club.pgdump"))).toEqual(["club.pgdump"]);
  }, 60_000);

  it("without a FILE, the backup goes to DATA_DIR/backups", async () => {
    const backup = await runAdmin(["backup"], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    const made = readdirSync(join(dataDir, "backups")).filter((name) => /^backup-[\dT-]+Z\.pgdump$/.test(name));
    expect(made).toHaveLength(1);
    expect(backup.output).toContain(join(dataDir, "backups", made[0]));
  }, 30_000);

  it("restore is refused while a server is connected, and puts the backup back once it has stopped", async () => {
    const token = await adminToken(server!.base, PASSWORD);
    expect((await createNews(server!.base, token, "After the backup")).status).toBe(201);

    const refused = await runAdmin(["restore", backupFile()], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("A server of this site is connected to");
    expect(refused.output).toContain("Stop every instance, then run the restore again.");
    expect(await newsTitles(server!.base)).toContain("After the backup");

    expect(await stop(server!)).toBe(0);
    server = undefined;
    const restored = await runAdmin(["restore", backupFile()], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`from ${backupFile()}.`);
    const kept = /What it replaced is kept as (\S+)\.\n/.exec(restored.output)?.[1];
    expect(kept).toMatch(new RegExp(`^${join(dataDir, "backups")}/before-restore-[\\dT-]+Z\\.pgdump$`));
    expect(titlesInDump(kept!)).toContain("After the backup");

    server = await startServing({ DATA_DIR: dataDir });
    const titles = await newsTitles(server.base);
    expect(titles).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
    expect(titles).not.toContain("After the backup");
    // The administrator's password came back with the data.
    await adminToken(server.base, PASSWORD);
  }, 60_000);

  it("restore refuses a file that is not a backup of this site, and leaves the database alone", async () => {
    await stop(server!);
    server = undefined;
    const junk = join(scratch, "junk.pgdump");
    writeFileSync(junk, "not a dump at all");
    const notADump = await runAdmin(["restore", junk], { DATA_DIR: dataDir });
    expect(notADump.code).toBe(1);
    expect(notADump.output).toContain(`${junk} cannot be restored from: pg_restore failed:`);

    // A sound dump, of some other database.
    const foreign = join(scratch, "foreign.pgdump");
    execFileSync(postgresTool("pg_dump"), [
      "--format=custom",
      `--file=${foreign}`,
      await createDatabase({ empty: true }),
    ]);
    const notOurs = await runAdmin(["restore", foreign], { DATA_DIR: dataDir });
    expect(notOurs.code).toBe(1);
    expect(notOurs.output.trim()).toBe(`${foreign} is not a backup of this site's database.`);

    const missing = await runAdmin(["restore", join(scratch, "nowhere.pgdump")], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.output.trim()).toBe(`There is no file ${join(scratch, "nowhere.pgdump")} to restore from.`);

    server = await startServing({ DATA_DIR: dataDir });
    expect(await newsTitles(server.base)).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
  }, 60_000);
});
