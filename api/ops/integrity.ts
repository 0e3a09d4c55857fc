import path from "node:path";
import { SQLite, type SqliteDatabase } from "../store/sqlite-driver";
import { OperatorError, shellQuote } from "./operator-error";
import { backupsDir, newestBackup } from "./files";

export class DamagedDatabaseError extends OperatorError {}

/** The first few problems are enough to tell a damaged file; the rest would bury the advice. */
const PROBLEMS_SHOWN = 3;

type Check = "quick_check" | "integrity_check";

/** The problems SQLite's check finds, or [] for a sound database. */
export function problemsFound(database: SqliteDatabase, check: Check): string[] {
  const messages = database.prepare(`PRAGMA ${check}(${PROBLEMS_SHOWN})`).pluck().all() as string[];
  return messages.length === 1 && messages[0] === "ok" ? [] : messages;
}

/**
 * Run at every open. quick_check walks every b-tree page and checks its structure (not
 * that each index matches its table): linear in the file's size, a fraction of a second
 * for a club's database. It catches garbage over a table page or in the middle of the
 * file before the first visitor meets it as a 500 or a wrong answer.
 */
export function checkIntact(database: SqliteDatabase, file: string): void {
  const problems = problemsFound(database, "quick_check");
  if (problems.length > 0) throw damagedDatabase(file, problems.join("; "));
}

/** An error from opening `file`, turned into words an operator can act on when it can be. */
export function asOpenError(err: unknown, file: string): unknown {
  if (!(err instanceof SQLite.SqliteError)) return err;
  if (err.code === "SQLITE_NOTADB" || err.code.startsWith("SQLITE_CORRUPT")) return damagedDatabase(file, err.message);
  if (/^SQLITE_(CANTOPEN|READONLY|PERM|IOERR)/.test(err.code)) {
    return new OperatorError(`Cannot open the database ${file} (${err.code}): ${err.message}.`);
  }
  return err;
}

function damagedDatabase(file: string, problems: string): DamagedDatabaseError {
  const dataDir = path.dirname(file);
  const newest = newestBackup(dataDir);
  const command = `DATA_DIR=${shellQuote(dataDir)} npm run admin -- restore ${newest ? shellQuote(newest) : "<backup file>"}`;
  const where = newest
    ? `That is the newest backup in ${backupsDir(dataDir)}; pick an older one there if it is damaged too.`
    : `No backup was found in ${backupsDir(dataDir)}, where the daily snapshots are kept.`;
  return new DamagedDatabaseError(
    `The database ${file} is damaged (${problems}), so the site will not start on it.\n` +
      `Restore it from a backup with the server stopped:\n    ${command}\n${where}`,
  );
}
