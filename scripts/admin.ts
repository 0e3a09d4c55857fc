/**
 * Administrator maintenance.
 *   npm run admin -- set-password <username> [password]   set (or create the user with) a password;
 *                                                          omit it to have one generated and printed.
 * Uses the database in DATA_DIR (default ./data). Changing a password signs that user out everywhere.
 */
import { DEFAULT_SCRYPT_COST, generatePassword } from '../api/lib/passwords';
import { setUserPassword } from '../api/store/admin-user';
import { openSqliteStore } from '../api/store/db';
import { migrateToLatest } from '../api/store/migrations';

const USAGE = 'Usage: npm run admin -- set-password <username> [password]';

async function main(args: string[]): Promise<number> {
  const [command, username, givenPassword] = args;
  if (command !== 'set-password' || !username) {
    console.error(USAGE);
    return 2;
  }
  const dataDir = process.env.DATA_DIR || './data';
  const store = openSqliteStore(dataDir);
  try {
    await migrateToLatest(store.db, store.dialect);
    const password = givenPassword || generatePassword();
    const { created } = await setUserPassword(store.db, username, password, DEFAULT_SCRYPT_COST, new Date());
    console.log(`${created ? 'Created user' : 'Updated password for'} "${username}" in ${dataDir}.`);
    if (!givenPassword) console.log(`New password: ${password}`);
    if (!created) console.log('Existing sessions for this user have been signed out.');
    return 0;
  } finally {
    await store.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
