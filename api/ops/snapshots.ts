import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { backupName, backupsDir, listBackups } from "./files";
import type { SqliteStore } from "../store/db";
import { startRepeating, type RepeatingJob } from "./repeating-job";

const DAY_MS = 24 * 60 * 60 * 1000;
/** After a failed snapshot (a full disk, say), try again sooner than tomorrow. */
const RETRY_MS = 60 * 60 * 1000;

export interface SnapshotOptions {
  store: SqliteStore;
  dataDir: string;
  /** How many daily snapshots to keep (BACKUP_KEEP); older ones are deleted. */
  keep: number;
  now: () => Date;
  log: (line: string) => void;
}

/** stop() waits for a snapshot being written, so the store can close. */
export type DailySnapshots = RepeatingJob;

/**
 * Deletes all but the newest `keep` daily snapshots, and any half-written one that a
 * process killed mid-copy left behind (only this server writes them: it holds DATA_DIR).
 */
function prune(dataDir: string, keep: number): void {
  const daily = listBackups(dataDir, "daily");
  for (const old of daily.slice(0, Math.max(0, daily.length - keep))) rmSync(old.file, { force: true });
  for (const name of readdirSync(backupsDir(dataDir))) {
    if (/^daily-.*\.partial(-wal|-shm|-journal)?$/.test(name)) {
      rmSync(path.join(backupsDir(dataDir), name), { force: true });
    }
  }
}

/**
 * A snapshot of the database in DATA_DIR/backups once a day: one at start when the
 * newest is a day old (or there is none), then one each time the newest turns a day
 * old. The age is read from the newest snapshot's name, so restarts neither skip a
 * day nor take extra ones. The timer is unref'd: it never keeps a stopping process up.
 */
export function startDailySnapshots({ store, dataDir, keep, now, log }: SnapshotOptions): DailySnapshots {
  /** Takes the snapshot when it is due; answers when to look again. */
  async function takeIfDue(): Promise<number> {
    const newest = listBackups(dataDir, "daily").at(-1);
    const age = newest ? now().getTime() - newest.takenAt.getTime() : Infinity;
    // A snapshot dated in the future (the clock went back) waits a day, not longer.
    if (age < DAY_MS) return Math.min(DAY_MS, DAY_MS - age);
    const file = path.join(backupsDir(dataDir), backupName("daily", now()));
    try {
      mkdirSync(backupsDir(dataDir), { recursive: true });
      await store.backup(file);
      prune(dataDir, keep);
      log(`Saved the daily snapshot ${file}`);
      return DAY_MS;
    } catch (err) {
      log(
        `The daily snapshot ${file} failed, trying again in an hour: ${err instanceof Error ? err.message : String(err)}`,
      );
      return RETRY_MS;
    }
  }

  return startRepeating(takeIfDue);
}
