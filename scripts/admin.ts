/**
 * Administrator maintenance. Each command uses the database in DATA_DIR (default ./data),
 * or the PostgreSQL database at DATABASE_URL when that is set (backups are then
 * pg_dump's custom format, .pgdump, kept in DATA_DIR/backups by default).
 *   npm run admin -- set-password <username> [password]   set (or create the user with) a password;
 *                                                          omit it to have one generated and printed.
 *                                                          Signs that user out everywhere.
 *   npm run admin -- list-users                            everyone on the committee: username, role,
 *                                                          last sign-in, two-factor sign-in
 *   npm run admin -- reset-2fa <username>                 remove that user's authenticator, recovery
 *                                                          codes and passkeys; signs them out everywhere
 *   npm run admin -- backup [FILE]                         a consistent copy of the database, taken
 *                                                          while the site keeps running (default:
 *                                                          DATA_DIR/backups/backup-<time>.sqlite)
 *   npm run admin -- restore FILE                          put a backup in place of the database;
 *                                                          refused while a server runs on DATA_DIR
 *   npm run admin -- purge-image ID [FILE...]             take a photo down from the database and
 *                                                          rewrite every backup in DATA_DIR/backups
 *                                                          (and each FILE named) without it
 */
import path from "node:path";
import { DEFAULT_SCRYPT_COST, generatePassword } from "../api/http/lib/passwords";
import { resetTwoFactor, setUserPassword } from "../api/ops/admin-user";
import { backupDataDir } from "../api/ops/backup";
import { prepareDataDir } from "../api/ops/data-dir";
import { DATABASE_FILE } from "../api/ops/files";
import { openStore } from "../api/ops/open-store";
import { backupPostgres, restorePostgres } from "../api/ops/postgres-backup";
import { cannotReach } from "../api/ops/postgres-start";
import { restoreDatabase } from "../api/ops/restore";
import { purgeImage } from "./purge-image";
import type { Store } from "../api/store/db";
import { migrateToLatest } from "../api/store/migrations";
import { listUsers } from "../api/store/users";
import { postgresSettingsOf, redactedUrl, type PostgresSettings } from "../api/store/postgres";
import { EnvError, parseDatabaseEnv } from "../common/config";
import { ROLE_LABELS } from "../common/roles";

const USAGE = [
  "Usage:",
  "  npm run admin -- set-password <username> [password]",
  "  npm run admin -- list-users",
  "  npm run admin -- reset-2fa <username>",
  "  npm run admin -- backup [FILE]",
  "  npm run admin -- restore FILE",
  "  npm run admin -- purge-image ID [FILE...]   (ID: the image's id or /objects/images/… address, or a gallery image's number)",
].join("\n");

/** Runs `use` on the store, migrated first, and closes it whatever happens. */
async function withStore<T>(
  dataDir: string,
  postgres: PostgresSettings | undefined,
  use: (db: Store["db"]) => Promise<T>,
): Promise<T> {
  const store = openStore(postgres ? { postgres } : { dataDir: prepareDataDir(dataDir) });
  try {
    await migrateToLatest(store.db).catch((err: unknown) => {
      throw postgres ? cannotReach(postgres.DATABASE_URL, err) : err;
    });
    return await use(store.db);
  } finally {
    await store.db.destroy();
  }
}

async function setPassword(
  dataDir: string,
  postgres: PostgresSettings | undefined,
  username: string,
  givenPassword: string | undefined,
): Promise<void> {
  await withStore(dataDir, postgres, async (db) => {
    const password = givenPassword || generatePassword();
    const { created } = await setUserPassword(db, username, password, DEFAULT_SCRYPT_COST, new Date());
    const where = postgres ? redactedUrl(postgres.DATABASE_URL) : dataDir;
    console.log(`${created ? "Created user" : "Updated password for"} "${username}" in ${where}.`);
    if (!givenPassword) console.log(`New password: ${password}`);
    if (!created) console.log("Existing sessions for this user have been signed out.");
  });
}

async function resetTwoFactorOf(dataDir: string, postgres: PostgresSettings | undefined, username: string) {
  return withStore(dataDir, postgres, async (db) => {
    if (!(await resetTwoFactor(db, username))) {
      console.error(`There is no user "${username}".`);
      return 1;
    }
    console.log(`Removed two-factor sign-in (authenticator, recovery codes, passkeys) for "${username}".`);
    console.log("Their sessions have been signed out; they sign in with their password alone.");
    return 0;
  });
}

async function listCommittee(dataDir: string, postgres: PostgresSettings | undefined): Promise<void> {
  await withStore(dataDir, postgres, async (db) => {
    console.log(["username", "name", "role", "last sign-in", "two-factor"].join("\t"));
    for (const person of await listUsers(db)) {
      const twoFactor = [person.totp ? "codes" : "", person.passkeys ? `${person.passkeys} passkey(s)` : ""];
      const row = [person.username, person.name, ROLE_LABELS[person.role], person.lastSignInAt ?? "never"];
      console.log([...row, twoFactor.filter(Boolean).join(", ") || "off"].join("\t"));
    }
  });
}

async function backup(dataDir: string, postgres: PostgresSettings | undefined, target: string | undefined) {
  const dir = path.resolve(dataDir);
  if (postgres) {
    const file = await backupPostgres(postgres.DATABASE_URL, dir, target, new Date());
    console.log(
      `Backed up ${redactedUrl(postgres.DATABASE_URL)} to ${file} (pg_dump; checked with pg_restore --list).`,
    );
    return;
  }
  const file = await backupDataDir(dir, target, new Date());
  console.log(`Backed up ${path.join(dir, DATABASE_FILE)} to ${file} (checked with integrity_check).`);
}

async function restore(dataDir: string, postgres: PostgresSettings | undefined, file: string): Promise<void> {
  if (postgres) {
    const { replacedKeptAs } = await restorePostgres(postgres.DATABASE_URL, path.resolve(dataDir), file, new Date());
    console.log(`Restored ${redactedUrl(postgres.DATABASE_URL)} from ${path.resolve(file)}.`);
    console.log(`What it replaced is kept as ${replacedKeptAs}.`);
    console.log("Start the servers again to serve it.");
    return;
  }
  const dir = prepareDataDir(dataDir);
  const { replacedKeptAs } = await restoreDatabase(dir, file, new Date());
  console.log(`Restored ${path.join(dir, DATABASE_FILE)} from ${path.resolve(file)}.`);
  if (replacedKeptAs) console.log(`The database it replaced is kept as ${replacedKeptAs}.`);
  console.log("Start the server again to serve it.");
}

async function main(args: string[]): Promise<number> {
  const [command, first, second, ...more] = args;
  const config = parseDatabaseEnv(process.env);
  const dataDir = config.DATA_DIR;
  const postgres = postgresSettingsOf(config);
  if (command === "set-password" && first) await setPassword(dataDir, postgres, first, second);
  else if (command === "list-users" && !first) await listCommittee(dataDir, postgres);
  else if (command === "reset-2fa" && first && !second) return resetTwoFactorOf(dataDir, postgres, first);
  else if (command === "backup" && !second) await backup(dataDir, postgres, first);
  else if (command === "restore" && first && !second) await restore(dataDir, postgres, first);
  else if (command === "purge-image" && first) {
    await purgeImage(path.resolve(dataDir), postgres?.DATABASE_URL, first, [second, ...more].filter(Boolean), (db) =>
      withStore(dataDir, postgres, db),
    );
  } else {
    console.error(USAGE);
    return 2;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error || err instanceof EnvError ? err.message : err);
    process.exit(1);
  },
);
