import { copyFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { sqliteKysely } from "../store/db";
import { migrateToLatest } from "../store/migrations";
import { SQLite, type SqliteDatabase } from "../store/sqlite-driver";
import { takeDownImage } from "../store/takedown";
import { syncDirectory } from "./files";
import { problemsFound } from "./integrity";
import { OperatorError } from "./operator-error";

/** What purging one backup did. */
export type BackupPurge = "purged" | "compacted" | "untouched";

/** Whether a copy of the site's database holds the image: its row, or a place that shows it. */
function holdsImage(database: SqliteDatabase, imageId: string): boolean {
  const path = `/objects/images/${imageId}`;
  const found = database
    .prepare(
      `SELECT 1 FROM images WHERE id = ?
       UNION ALL SELECT 1 FROM gallery WHERE image_url = ?
       UNION ALL SELECT 1 FROM news WHERE image_url = ?
       UNION ALL SELECT 1 FROM events WHERE image_url = ? LIMIT 1`,
    )
    .get(imageId, path, path, path);
  return found !== undefined;
}

function isSiteDatabase(database: SqliteDatabase): boolean {
  return (
    database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get() !==
    undefined
  );
}

/**
 * Rewrites one SQLite backup without a stored image (docs/product.md, 'Takedown'): the
 * image is taken down in it as the live store takes it down (original, variants, the
 * places that show it), and VACUUM then writes the file afresh, so neither the deleted
 * rows nor any free page keeps a byte of it (nor of anything deleted before). A backup
 * with free pages is compacted even when it does not hold the image: an image deleted
 * before deletes zeroed their pages may linger there. The work is done on a copy beside
 * the file, brought to the current schema (as a restore's start would), checked with
 * integrity_check, and only then put in the backup's place: a failure leaves it as it was.
 */
export async function purgeSqliteBackup(file: string, imageId: string): Promise<BackupPurge> {
  const partial = `${file}.purging`;
  rmSync(partial, { force: true });
  copyFileSync(file, partial);
  let database: SqliteDatabase | undefined;
  try {
    database = new SQLite(partial, { fileMustExist: true });
    if (!isSiteDatabase(database)) throw new OperatorError(`${file} is not a backup of this site's database.`);
    const holds = holdsImage(database, imageId);
    const freePages = Number(database.pragma("freelist_count", { simple: true }));
    if (!holds && freePages === 0) return "untouched";
    database.pragma("journal_mode = DELETE");
    database.pragma("foreign_keys = ON");
    database.pragma("secure_delete = ON");
    if (holds) {
      const db = sqliteKysely(database);
      await migrateToLatest(db);
      await db.transaction().execute((trx) => takeDownImage(trx, imageId));
    }
    database.exec("VACUUM");
    const problems = problemsFound(database, "integrity_check");
    if (problems.length > 0) throw new Error(`the purged copy failed its integrity check: ${problems.join("; ")}`);
    database.close();
    database = undefined;
    renameSync(partial, file);
    syncDirectory(path.dirname(file));
    return holds ? "purged" : "compacted";
  } finally {
    database?.close();
    for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${partial}${suffix}`, { force: true });
  }
}
