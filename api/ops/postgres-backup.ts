import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import { OperatorError } from "./operator-error";
import { backupName, backupsDir } from "./files";
import { APPLICATION_NAME, pgDriver, redactedUrl } from "../store/postgres";

/**
 * `npm run admin -- backup` and `restore` on PostgreSQL, with PostgreSQL's own tools:
 * pg_dump takes one consistent snapshot while the site keeps serving, and pg_restore
 * puts it back in one transaction. pg_dump must be at least as new as the server, so
 * the newest installed is used (or PG_BIN's).
 */

const run = promisify(execFile);

/** A PostgreSQL client program: PG_BIN, else the newest Debian install, else PATH. */
export function postgresTool(name: "pg_dump" | "pg_restore"): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const newest = readdirSync(debian)
      .filter((version) => existsSync(path.join(debian, version, "bin", name)))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return path.join(debian, newest, "bin", name);
  }
  return name;
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line is
 * visible to every user of the machine (ps), the environment is not.
 */
export function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export async function runTool(name: "pg_dump" | "pg_restore", args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const tool = postgresTool(name);
  try {
    const { stdout } = await run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const { code, stderr } = err as { code?: unknown; stderr?: string };
    if (code === "ENOENT") {
      throw new OperatorError(`${name} was not found (Debian: apt-get install postgresql-client, or set PG_BIN).`);
    }
    throw new OperatorError(`${name} failed: ${(stderr ?? String(err)).trim()}`);
  }
}

/** pg_dump of the whole database into `file`, named only once complete. */
export async function dump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, dbname], env);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

function targetFile(dataDir: string, target: string | undefined, kind: "backup" | "before-restore", now: Date) {
  const file = path.resolve(target ?? path.join(backupsDir(dataDir), backupName(kind, now, "pgdump")));
  if (target === undefined) mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(path.dirname(file)) || !statSync(path.dirname(file)).isDirectory()) {
    throw new OperatorError(`The directory ${path.dirname(file)} for the backup does not exist.`);
  }
  return file;
}

/** Backs up the database at `url` to `target` (default DATA_DIR/backups/backup-<time>.pgdump). */
export async function backupPostgres(url: string, dataDir: string, target: string | undefined, now: Date) {
  const file = targetFile(dataDir, target, "backup", now);
  await dump(url, file);
  await checkBackup(file);
  return file;
}

/** A dump that pg_restore can read and that holds this site's tables. */
async function checkBackup(file: string): Promise<void> {
  if (!existsSync(file)) throw new OperatorError(`There is no file ${file} to restore from.`);
  let listing: string;
  try {
    listing = await runTool("pg_restore", ["--list", file], process.env);
  } catch (err) {
    throw new OperatorError(`${file} cannot be restored from: ${err instanceof Error ? err.message : String(err)}.`);
  }
  if (!/TABLE DATA \S+ kysely_migration /.test(listing)) {
    throw new OperatorError(`${file} is not a backup of this site's database.`);
  }
}

/** One connection to `url` for `use`, closed afterwards; an unreachable server is said in words. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new (pgDriver().Client)({ connectionString: url });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new OperatorError(
      `Cannot connect to ${redactedUrl(url)}: ${err instanceof Error ? err.message : String(err)}.`,
    );
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Other connections of this site to the database: a server is running on it. */
async function siteConnections(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    );
    return Number(rows[0].n);
  });
}

/**
 * Puts a dump in place of the database's contents, in one transaction: refused while
 * any server of the site is connected to it; the contents it replaces are dumped first
 * to DATA_DIR/backups/before-restore-<time>.pgdump.
 */
export async function restorePostgres(url: string, dataDir: string, file: string, now: Date) {
  const source = path.resolve(file);
  await checkBackup(source);
  if ((await siteConnections(url)) > 0) {
    throw new OperatorError(
      `A server of this site is connected to ${redactedUrl(url)}. Stop every instance, then run the restore again.`,
    );
  }
  const replacedKeptAs = targetFile(dataDir, undefined, "before-restore", now);
  await dump(url, replacedKeptAs);
  const { dbname, env } = connection(url);
  await runTool(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${dbname}`,
      source,
    ],
    env,
  );
  return { replacedKeptAs };
}
