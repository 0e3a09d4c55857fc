import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { postgresTool } from "../../api/ops/postgres-backup";
import { adminToken, newsTitles } from "../fixtures/api-client";
import { AFTER_THE_BACKUP, BackupScene, PASSWORD } from "../fixtures/backup-restore";
import { createDatabase } from "../fixtures/test-database";

/**
 * `npm run admin -- backup` and `restore` on PostgreSQL (pg_dump and pg_restore),
 * against the real server while it takes writes; restore with it running (refused) and
 * stopped. The SQLite counterpart is backup-restore.test.ts.
 */
const scene = new BackupScene("club-pg-backup-");

/** The news titles in a dump, read back by pg_restore itself (as plain SQL). */
function titlesInDump(file: string): string[] {
  const script = execFileSync(postgresTool("pg_restore"), ["--data-only", "--table=news", "--file=-", file], {
    encoding: "utf8",
  });
  return [...script.matchAll(/^\d+\t([^\t]+)\t/gm)].map((match) => match[1]);
}

describe("backup and restore on PostgreSQL", () => {
  const backupFile = () => join(scene.scratch, "club.pgdump");
  let acknowledgedBeforeBackup: string[] = [];

  it("a backup taken under concurrent writes holds every write acknowledged before it started", async () => {
    const { backup, acknowledgedBefore, failures } = await scene.backupUnderWrites(backupFile());
    acknowledgedBeforeBackup = acknowledgedBefore;

    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`to ${backupFile()} (pg_dump; checked with pg_restore --list)`);
    expect(failures).toEqual([]);
    expect(titlesInDump(backupFile())).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
    expect(readdirSync(scene.scratch).filter((name) => name.startsWith("club.pgdump"))).toEqual(["club.pgdump"]);
  });

  it("without a FILE, the backup goes to DATA_DIR/backups", async () => {
    await scene.backupWithoutFile(/^backup-[\dT-]+Z\.pgdump$/);
  });

  it("restore is refused while a server is connected, and puts the backup back once it has stopped", async () => {
    const refusal = await scene.restoreWhileServing(backupFile());
    expect(refusal).toContain("A server of this site is connected to");
    expect(refusal).toContain("Stop every instance, then run the restore again.");

    const { kept } = await scene.restoreStopped(backupFile(), { keptAs: "What it replaced", extension: "pgdump" });
    expect(titlesInDump(kept)).toContain(AFTER_THE_BACKUP);

    await scene.expectRestored(acknowledgedBeforeBackup);
    // The administrator's password came back with the data.
    await adminToken(scene.server!.base, PASSWORD);
  });

  it("restore refuses a file that is not a backup of this site, and leaves the database alone", async () => {
    await scene.stopServing();
    const junk = join(scene.scratch, "junk.pgdump");
    writeFileSync(junk, "not a dump at all");
    const notADump = await scene.admin("restore", junk);
    expect(notADump.code).toBe(1);
    expect(notADump.output).toContain(`${junk} cannot be restored from: pg_restore failed:`);

    // A sound dump, of some other database.
    const foreign = join(scene.scratch, "foreign.pgdump");
    execFileSync(postgresTool("pg_dump"), [
      "--format=custom",
      `--file=${foreign}`,
      await createDatabase({ empty: true }),
    ]);
    await scene.expectForeignAndMissingRefused(foreign, "pgdump");

    expect(await newsTitles((await scene.serve()).base)).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
  });
});
