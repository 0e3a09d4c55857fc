import type { Kysely } from "kysely";
import { generatePassword, hashPassword } from "../http/lib/passwords";
import type { Database } from "../store/schema";
import { deleteUserTokens } from "../store/tokens";
import { createUser, findUserByUsername, setPasswordHash } from "../store/users";

/**
 * Creates the admin user on first run. An existing user is left alone (its password is
 * changed with `npm run admin -- set-password`). Returns the generated password, if any.
 */
export async function ensureAdminUser(
  db: Kysely<Database>,
  username: string,
  password: string | undefined,
  cost: number,
  now: Date,
): Promise<string | null> {
  if (await findUserByUsername(db, username)) return null;
  const chosen = password || generatePassword();
  await createUser(db, username, await hashPassword(chosen, cost), now);
  return password ? null : chosen;
}

/** Sets (or creates the user with) a password and revokes the user's tokens. */
export async function setUserPassword(
  db: Kysely<Database>,
  username: string,
  password: string,
  cost: number,
  now: Date,
): Promise<{ created: boolean }> {
  const hash = await hashPassword(password, cost);
  const user = await findUserByUsername(db, username);
  if (!user) {
    await createUser(db, username, hash, now);
    return { created: true };
  }
  await setPasswordHash(db, user.id, hash);
  await deleteUserTokens(db, user.id);
  return { created: false };
}
