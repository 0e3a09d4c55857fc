/**
 * Administrator maintenance. Each command uses the database in DATA_DIR (default ./data).
 *   npm run admin -- set-password <username> [password]   set (or create the user with) a password;
 *                                                          omit it to have one generated and printed.
 *                                                          Signs that user out everywhere.
 *   npm run admin -- backup [FILE]                         a consistent copy of the database, taken
 *                                                          while the site keeps running (default:
 *                                                          DATA_DIR/backups/backup-<time>.sqlite)
 *   npm run admin -- restore FILE                          put a backup in place of the database;
 *                                                          refused while a server runs on DATA_DIR
 */
import path from "node:path";
import { prepareDataDir } from "../api/lib/data-dir";
import { DEFAULT_SCRYPT_COST, generatePassword } from "../api/lib/passwords";
import { setUserPassword } from "../api/store/admin-user";
import { backupDataDir } from "../api/store/backup";
import { DATABASE_FILE, openSqliteStore } from "../api/store/db";
import { migrateToLatest } from "../api/store/migrations";
import { restoreDatabase } from "../api/store/restore";

const USAGE = [
  "Usage:",
  "  npm run admin -- set-password <username> [password]",
  "  npm run admin -- backup [FILE]",
  "  npm run admin -- restore FILE",
].join("\n");

async function setPassword(dataDir: string, username: string, givenPassword: string | undefined): Promise<void> {
  const store = openSqliteStore(prepareDataDir(dataDir));
  try {
    await migrateToLatest(store.db);
    const password = givenPassword || generatePassword();
    const { created } = await setUserPassword(store.db, username, password, DEFAULT_SCRYPT_COST, new Date());
    console.log(`${created ? "Created user" : "Updated password for"} "${username}" in ${dataDir}.`);
    if (!givenPassword) console.log(`New password: ${password}`);
    if (!created) console.log("Existing sessions for this user have been signed out.");
  } finally {
    await store.db.destroy();
  }
}

async function backup(dataDir: string, target: string | undefined): Promise<void> {
  const dir = path.resolve(dataDir);
  const file = await backupDataDir(dir, target, new Date());
  console.log(`Backed up ${path.join(dir, DATABASE_FILE)} to ${file} (checked with integrity_check).`);
}

async function restore(dataDir: string, file: string): Promise<void> {
  const dir = prepareDataDir(dataDir);
  const { replacedKeptAs } = await restoreDatabase(dir, file, new Date());
  console.log(`Restored ${path.join(dir, DATABASE_FILE)} from ${path.resolve(file)}.`);
  if (replacedKeptAs) console.log(`The database it replaced is kept as ${replacedKeptAs}.`);
  console.log("Start the server again to serve it.");
}

async function main(args: string[]): Promise<number> {
  const [command, first, second] = args;
  const dataDir = process.env.DATA_DIR || "./data";
  if (command === "set-password" && first) await setPassword(dataDir, first, second);
  else if (command === "backup" && !second) await backup(dataDir, first);
  else if (command === "restore" && first && !second) await restore(dataDir, first);
  else {
    console.error(USAGE);
    return 2;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
