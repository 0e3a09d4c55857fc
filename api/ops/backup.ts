import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { SQLite, type SqliteDatabase } from "../store/sqlite-driver";
import { OperatorError } from "./operator-error";
import { backupName, backupsDir, DATABASE_FILE, syncDirectory } from "./files";
import { problemsFound } from "./integrity";

/** Pages per step when the copy is read in one go (better-sqlite3's upper bound). */
const ALL_PAGES = 0x7fffffff;

export interface BackupOptions {
  /**
   * Copy every page in one step, i.e. in one read transaction. Needed when another
   * process writes meanwhile: SQLite restarts a stepwise copy after each such write, so
   * a busy site could keep it from ever finishing. Within the server's own connection
   * its writes go into the copy as it runs, and small steps keep the server answering.
   */
  allAtOnce?: boolean;
  /**
   * Run integrity_check on the copy before it takes its name. Whoever waits for a
   * backup or a restore can afford it; the server's daily snapshot cannot (it would hold
   * the event loop for seconds on a big database), and a restore checks it anyway.
   */
  check?: boolean;
}

function removeCopy(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Copies a database in use into `file` with SQLite's online backup API, which sees one
 * consistent state of it however many writes land meanwhile. The copy is made under a
 * temporary name beside `file`, switched to a single self-contained file (no WAL beside
 * it), optionally checked, and only then renamed: a crash or a full disk never leaves a
 * half copy under a backup's name.
 */
export async function backupDatabase(source: SqliteDatabase, file: string, options: BackupOptions = {}): Promise<void> {
  const partial = `${file}.partial`;
  removeCopy(partial);
  try {
    await (options.allAtOnce ? source.backup(partial, { progress: () => ALL_PAGES }) : source.backup(partial));
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      // The copy carries the source's WAL flag; a backup should be one file to move around.
      copy.pragma("journal_mode = DELETE");
      const problems = options.check ? problemsFound(copy, "integrity_check") : [];
      if (problems.length > 0) throw new Error(`the copy failed its integrity check: ${problems.join("; ")}`);
    } finally {
      copy.close();
    }
    renameSync(partial, file);
    syncDirectory(path.dirname(file));
  } catch (err) {
    removeCopy(partial);
    throw err;
  }
}

/**
 * `npm run admin -- backup [FILE]`: copies DATA_DIR's database from outside the server's
 * process, all of it in one read transaction, so the server's writes neither wait for
 * it nor keep restarting it; the site keeps serving. Returns the file written (by
 * default DATA_DIR/backups/backup-<time>.sqlite).
 */
export async function backupDataDir(dataDir: string, target: string | undefined, now: Date): Promise<string> {
  const live = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(live)) throw new OperatorError(`There is no database to back up at ${live}.`);
  const file = path.resolve(target ?? path.join(backupsDir(dataDir), backupName("backup", now)));
  if (target === undefined) mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(path.dirname(file)) || !statSync(path.dirname(file)).isDirectory()) {
    throw new OperatorError(`The directory ${path.dirname(file)} for the backup does not exist.`);
  }
  const database = new SQLite(live, { fileMustExist: true });
  try {
    await backupDatabase(database, file, { allAtOnce: true, check: true });
  } finally {
    database.close();
  }
  return file;
}
