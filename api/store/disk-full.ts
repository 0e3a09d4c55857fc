/**
 * Whether a store error means the disk is full. SQLite says SQLITE_FULL (also when the
 * database reaches its max_page_count); a file write says ENOSPC; PostgreSQL says
 * disk_full, SQLSTATE 53100.
 */
export function isDiskFull(err: unknown): boolean {
  for (let cause: unknown = err; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === "SQLITE_FULL" || code === "ENOSPC" || code === "53100") return true;
  }
  return false;
}
