import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { OperatorError } from "./operator-error";

/** What a file-system error code means for a directory, in words. */
const REASONS: Record<string, string> = {
  EACCES: `permission denied for this user (uid ${process.getuid?.() ?? "?"})`,
  EPERM: `permission denied for this user (uid ${process.getuid?.() ?? "?"})`,
  EROFS: "it is on a read-only file system",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  ENOTDIR: "part of the path is a file, not a directory",
  ENOENT: "part of the path does not exist (a broken link?)",
  ELOOP: "the path loops through symbolic links",
};

function problem(dir: string, what: string, err: unknown): OperatorError {
  const code = (err as NodeJS.ErrnoException).code ?? "error";
  const reason = REASONS[code] ?? (err instanceof Error ? err.message : String(err));
  return new OperatorError(`DATA_DIR ${dir} ${what} (${code}): ${reason}.`);
}

/**
 * Makes sure DATA_DIR exists (it is created on the first start) and that this process
 * may write in it, so that a wrong path, a missing volume or a read-only mount is one
 * line naming the directory, not a later SQLITE_CANTOPEN without a path. Returns the
 * absolute path.
 */
export function prepareDataDir(dataDir: string): string {
  const dir = path.resolve(dataDir);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw problem(dir, "does not exist and cannot be created", err);
    }
    isDirectory = true;
  }
  if (!isDirectory) throw new OperatorError(`DATA_DIR ${dir} is not a directory.`);
  // Root passes access(W_OK) on any mode, and so does a read-only mount on some systems:
  // only writing a file tells.
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, "");
  } catch (err) {
    throw problem(dir, "is not writable", err);
  } finally {
    rmSync(probe, { force: true });
  }
  return dir;
}
