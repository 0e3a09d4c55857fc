import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { SQLite, type SqliteDatabase } from "../store/sqlite-driver";
import { OperatorError } from "./operator-error";
import { backupDatabase } from "./backup";
import { backupName, backupsDir, DATABASE_FILE, syncDirectory } from "./files";
import { lockFilePath, tryLockDataDir } from "./data-dir-lock";

export interface RestoreResult {
  /** Where the database that was replaced is kept, or null when there was none. */
  replacedKeptAs: string | null;
}

/** Opens a backup for reading, or says in words why it is not one. */
function openBackup(file: string): SqliteDatabase {
  if (!existsSync(file)) throw new OperatorError(`There is no file ${file} to restore from.`);
  let backup: SqliteDatabase | undefined;
  try {
    backup = new SQLite(file, { readonly: true, fileMustExist: true });
    const ours = backup.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!ours) throw new OperatorError(`${file} is not a backup of this site's database.`);
    return backup;
  } catch (err) {
    backup?.close();
    if (err instanceof SQLite.SqliteError)
      throw new OperatorError(`${file} cannot be restored from (${err.code}): ${err.message}.`);
    throw err;
  }
}

/** The live database files, copied as they are: they may be too damaged to open. */
function keepReplaced(live: string, keptAs: string): void {
  mkdirSync(path.dirname(keptAs), { recursive: true });
  copyFileSync(live, keptAs);
  if (existsSync(`${live}-wal`)) copyFileSync(`${live}-wal`, `${keptAs}-wal`);
  syncDirectory(path.dirname(keptAs));
}

/**
 * Puts a backup in place of DATA_DIR's database. Refused while a server runs on DATA_DIR
 * (it holds the lock, see data-dir-lock.ts). The backup is copied next to the database
 * and checked with integrity_check before anything is replaced; the database it replaces
 * is kept in DATA_DIR/backups as before-restore-….sqlite.
 */
export async function restoreDatabase(dataDir: string, file: string, now: Date): Promise<RestoreResult> {
  const lock = tryLockDataDir(dataDir);
  if (!lock) {
    throw new OperatorError(
      `A server is running on DATA_DIR ${dataDir} (it holds the lock on ${lockFilePath(dataDir)}). ` +
        "Stop it, then run the restore again.",
    );
  }
  try {
    const live = path.join(dataDir, DATABASE_FILE);
    const incoming = `${live}.restoring`;
    const backup = openBackup(path.resolve(file));
    try {
      await backupDatabase(backup, incoming, { allAtOnce: true, check: true });
    } catch (err) {
      if (err instanceof OperatorError) throw err;
      throw new OperatorError(`${file} cannot be restored from: ${err instanceof Error ? err.message : String(err)}.`);
    } finally {
      backup.close();
    }

    let replacedKeptAs: string | null = null;
    if (existsSync(live)) {
      replacedKeptAs = path.join(backupsDir(dataDir), backupName("before-restore", now));
      keepReplaced(live, replacedKeptAs);
    }
    // The old write-ahead log must go before the new file arrives: SQLite would replay
    // it into the restored database.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${live}${suffix}`, { force: true });
    renameSync(incoming, live);
    syncDirectory(dataDir);
    return { replacedKeptAs };
  } finally {
    lock.release();
  }
}
