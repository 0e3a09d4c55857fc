import path from "node:path";
import { SQLite } from "../store/sqlite-driver";

const LOCK_FILE = "server.lock";

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/**
 * Claims DATA_DIR for this process, or returns null when another process holds it. A
 * running server holds it, and so does a restore: a restore never swaps the database
 * under a live server, and a server never starts on a half-restored one.
 *
 * The claim is an exclusive SQLite lock on DATA_DIR/server.lock, which is an fcntl lock
 * that the kernel drops when the process ends, however it ends. Unlike a pid file, a
 * `kill -9` or a power cut leaves nothing stale to clean up by hand, and a recycled pid
 * (pid 1 in every container) can never pass for a live server. The file itself stays
 * between runs: only the lock on it means anything.
 */
export function tryLockDataDir(dataDir: string): DataDirLock | null {
  const file = lockFilePath(dataDir);
  const lock = new SQLite(file, { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (err) {
    lock.close();
    if (err instanceof SQLite.SqliteError && err.code.startsWith("SQLITE_BUSY")) return null;
    throw err;
  }
  return {
    file,
    release: () => {
      if (lock.open) lock.close();
    },
  };
}
