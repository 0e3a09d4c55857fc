import { randomBytes } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import { migrateToLatest } from "../store/migrations";
import { pgDriver, postgresTypes } from "../store/postgres";
import type { Database } from "../store/schema";
import { imagePath, takeDownImage } from "../store/takedown";
import { connection, dump, runTool, withClient } from "./postgres-backup";
import type { BackupPurge } from "./purge-sqlite-backup";

/** The same server's URL, naming another database. */
function onDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function holdsImage(db: Kysely<Database>, imageId: string): Promise<boolean> {
  const path = imagePath(imageId);
  const found = await sql<{ one: number }>`
    select 1 as one from images where id = ${imageId}
    union all select 1 from gallery where image_url = ${path}
    union all select 1 from news where image_url = ${path}
    union all select 1 from events where image_url = ${path} limit 1`.execute(db);
  return found.rows.length > 0;
}

/**
 * Rewrites one PostgreSQL backup (pg_dump's custom format) without a stored image
 * (docs/product.md, 'Takedown'). A dump cannot be edited in place, so it is restored
 * into a scratch database on the same server (DATABASE_URL's user needs the CREATEDB
 * right), brought to the current schema, the image taken down there as the live store
 * takes it down, and dumped again under a temporary name that replaces the backup only
 * once complete. A dump holds no deleted rows, so nothing else is needed; the scratch
 * database is dropped whatever happens.
 */
export async function purgePostgresBackup(url: string, file: string, imageId: string): Promise<BackupPurge> {
  const scratch = `purge_image_${randomBytes(6).toString("hex")}`;
  const scratchUrl = onDatabase(url, scratch);
  await withClient(url, (client) => client.query(`CREATE DATABASE ${scratch}`));
  try {
    const { dbname, env } = connection(scratchUrl);
    await runTool(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, file],
      env,
    );
    const pool = new (pgDriver().Pool)({ connectionString: scratchUrl, max: 1, types: postgresTypes });
    pool.on("error", () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      if (!(await holdsImage(db, imageId))) return "untouched";
      await migrateToLatest(db);
      await db.transaction().execute((trx) => takeDownImage(trx, imageId));
    } finally {
      await db.destroy();
    }
    await dump(scratchUrl, file);
    return "purged";
  } finally {
    await withClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${scratch}`));
  }
}
