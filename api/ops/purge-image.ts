import { closeSync, existsSync, openSync, readdirSync, readSync, rmSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { bumpStoredVersion } from "../store/content-version";
import { dialectOf } from "../store/dialect";
import { storedImageId } from "../store/gallery";
import { RANDOM_ID_PATTERN } from "../store/random-id";
import type { Database } from "../store/schema";
import { SQLite } from "../store/sqlite-driver";
import { flushDeletedBytes, imageUses, takeDownImage } from "../store/takedown";
import { inTransaction } from "../store/transaction";
import { backupsDir } from "./files";
import { OperatorError } from "./operator-error";

/**
 * `npm run admin -- purge-image ID` (docs/product.md, 'Takedown', docs/operations.md):
 * which image is meant, its removal from the live store, and which backups to rewrite.
 * The rewriting itself is purge-sqlite-backup.ts and purge-postgres-backup.ts.
 */

/** What the operator named: a stored image (its id, path or address) or a gallery image by its number. */
export type ImageArgument = { imageId: string } | { galleryId: number };

const IMAGE_ID = new RegExp(`^${RANDOM_ID_PATTERN}$`);
const IMAGE_IN_ADDRESS = new RegExp(`/objects/images/(${RANDOM_ID_PATTERN})(?:[?#].*)?$`);

export function parseImageArgument(argument: string): ImageArgument {
  const text = argument.trim();
  if (/^\d{1,15}$/.test(text)) return { galleryId: Number(text) };
  const imageId = IMAGE_ID.test(text) ? text : IMAGE_IN_ADDRESS.exec(text)?.[1];
  if (!imageId) {
    throw new OperatorError(
      `"${argument}" names no image: give the image's id or address (/objects/images/…), or a gallery image's number.`,
    );
  }
  return { imageId };
}

/** The stored image a gallery number shows, read from a SQLite backup that still has it (numbers are never reused). */
function imageOfGalleryInBackups(files: readonly string[], galleryId: number): string | null {
  for (const file of files) {
    if (kindOf(file) !== "sqlite") continue;
    const database = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const row = database.prepare("SELECT image_url FROM gallery WHERE id = ?").get(galleryId) as
        { image_url: string } | undefined;
      if (row) return storedImageId(row.image_url);
    } catch {
      // Not a backup of this site: the next one may say.
    } finally {
      database.close();
    }
  }
  return null;
}

/** The stored image's id; a gallery number is looked up in the live store, then in the backups. */
export async function resolveImageId(
  db: Kysely<Database>,
  argument: ImageArgument,
  backups: readonly string[],
): Promise<string> {
  if ("imageId" in argument) return argument.imageId;
  const row = await db
    .selectFrom("gallery")
    .select("image_url")
    .where("id", "=", argument.galleryId)
    .executeTakeFirst();
  const imageId = row ? storedImageId(row.image_url) : imageOfGalleryInBackups(backups, argument.galleryId);
  if (!imageId) {
    throw new OperatorError(
      `Gallery image ${argument.galleryId} is not in the database or its SQLite backups, or is not an uploaded image: ` +
        "give the image's id or address (/objects/images/…) instead.",
    );
  }
  return imageId;
}

/**
 * Takes the image down in the live store as deleting it in the admin does (the original,
 * every variant, the places that show it); false when it was already gone. On PostgreSQL
 * the content version moves on, so every instance's cached pages go stale at once; a
 * SQLite server's pages outlive it by their few seconds at most.
 */
export async function purgeLiveImage(db: Kysely<Database>, imageId: string): Promise<boolean> {
  const held = await inTransaction(db, async (trx) => {
    const image = await trx.selectFrom("images").select("id").where("id", "=", imageId).executeTakeFirst();
    if (!image && (await imageUses(trx, imageId, null, 1)).length === 0) return false;
    await takeDownImage(trx, imageId);
    return true;
  });
  if (held) await flushDeletedBytes(db);
  if (held && dialectOf(db) === "postgres") await bumpStoredVersion(db);
  return held;
}

const BACKUP_NAME = /^(daily|backup|before-restore)-.*\.(sqlite|pgdump)$/;

/** Every backup in DATA_DIR/backups (daily snapshots, backups on demand, what restores replaced), and the files named. */
export function backupsToPurge(dataDir: string, named: readonly string[]): string[] {
  const dir = backupsDir(dataDir);
  const found = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => BACKUP_NAME.test(name))
        .sort()
    : [];
  const files = [...found.map((name) => path.join(dir, name)), ...named.map((file) => path.resolve(file))];
  for (const file of files) {
    if (!existsSync(file)) throw new OperatorError(`There is no file ${file} to purge.`);
  }
  return [...new Set(files)];
}

/**
 * Copies a purge killed midway left in DATA_DIR/backups (`….purging`): they may still
 * hold the image, and no one else deletes them.
 */
export function removeStalePurgeCopies(dataDir: string): void {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (/\.purging(-journal|-wal|-shm)?$/.test(name)) rmSync(path.join(dir, name), { force: true });
  }
}

/** A backup's format, by its first bytes rather than its name: SQLite's header or pg_dump's custom format. */
export function kindOf(file: string): "sqlite" | "pgdump" | null {
  const head = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
  return head.subarray(0, 5).toString("latin1") === "PGDMP" ? "pgdump" : null;
}
