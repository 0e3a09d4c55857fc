import type { Kysely } from "kysely";
import { OperatorError } from "../api/ops/operator-error";
import {
  backupsToPurge,
  kindOf,
  parseImageArgument,
  purgeLiveImage,
  removeStalePurgeCopies,
  resolveImageId,
} from "../api/ops/purge-image";
import { purgePostgresBackup } from "../api/ops/purge-postgres-backup";
import { purgeSqliteBackup, type BackupPurge } from "../api/ops/purge-sqlite-backup";
import type { Database } from "../api/store/schema";

/** Opens the live store (migrated), runs `use` on it, closes it. */
type WithStore = <T>(use: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

const SAID: Record<BackupPurge, string> = {
  purged: "rewritten without it",
  compacted: "did not hold it; compacted (its free pages could hold photos deleted before)",
  untouched: "did not hold it; left as it was",
};

/**
 * `npm run admin -- purge-image ID [FILE...]` (docs/operations.md): takes the image down
 * in the live store if it is still there, then rewrites every backup in DATA_DIR/backups
 * (and each FILE named) without it, saying what it did with each.
 */
export async function purgeImage(
  dataDir: string,
  databaseUrl: string | undefined,
  argument: string,
  named: string[],
  withStore: WithStore,
): Promise<void> {
  const target = parseImageArgument(argument);
  removeStalePurgeCopies(dataDir);
  const backups = backupsToPurge(dataDir, named);
  const imageId = await withStore(async (db) => {
    const id = await resolveImageId(db, target, backups);
    const live = await purgeLiveImage(db, id);
    console.log(`Image ${id}: ${live ? "removed from the database" : "not in the database (already deleted)"}.`);
    return id;
  });
  for (const file of backups) {
    const kind = kindOf(file);
    if (kind === null) throw new OperatorError(`${file} is neither a SQLite backup nor a pg_dump (custom format).`);
    if (kind === "pgdump" && !databaseUrl) {
      throw new OperatorError(`${file} is a PostgreSQL backup: set DATABASE_URL to the server to rewrite it on.`);
    }
    const done =
      kind === "sqlite"
        ? await purgeSqliteBackup(file, imageId)
        : await purgePostgresBackup(databaseUrl ?? "", file, imageId);
    console.log(`${file}: ${SAID[done]}.`);
  }
  if (backups.length === 0) console.log("There are no backups to rewrite.");
}
