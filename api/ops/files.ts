import { closeSync, fsyncSync, openSync, readdirSync } from "node:fs";
import path from "node:path";

/** The database, in DATA_DIR. */
export const DATABASE_FILE = "data.sqlite";

/**
 * Where copies of the database live and how they are named. The time in the name (UTC)
 * sorts as it reads and survives copying the folder elsewhere, unlike a file's mtime.
 *   daily-…           the server's automatic snapshots, pruned to BACKUP_KEEP
 *   backup-…          `npm run admin -- backup`, never pruned
 *   before-restore-…  the database a restore replaced, never pruned
 */
export type BackupKind = "daily" | "backup" | "before-restore";

export const BACKUPS_DIR = "backups";

const NAME = /^(daily|backup|before-restore)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sqlite$/;

export interface BackupFile {
  file: string;
  kind: BackupKind;
  takenAt: Date;
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, BACKUPS_DIR);
}

/** e.g. daily-2026-03-01T04-05-06Z.sqlite; a PostgreSQL dump (pg_dump's custom format) ends .pgdump. */
export function backupName(kind: BackupKind, takenAt: Date, extension: "sqlite" | "pgdump" = "sqlite"): string {
  const stamp = takenAt
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  return `${kind}-${stamp}.${extension}`;
}

/** The backups in DATA_DIR/backups, oldest first; other files there are left alone. */
export function listBackups(dataDir: string, kind?: BackupKind): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(backupsDir(dataDir));
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match || (kind && match[1] !== kind)) continue;
    const takenAt = new Date(`${match[2]}T${match[3]}:${match[4]}:${match[5]}Z`);
    found.push({ file: path.join(backupsDir(dataDir), name), kind: match[1] as BackupKind, takenAt });
  }
  return found.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/** The newest daily snapshot or manual backup: what to restore from. */
export function newestBackup(dataDir: string): string | null {
  const usable = listBackups(dataDir).filter((backup) => backup.kind !== "before-restore");
  return usable.at(-1)?.file ?? null;
}

/** Makes a rename or an unlink in `dir` survive a power cut. */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Some file systems cannot sync a directory; the rename still happened.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
