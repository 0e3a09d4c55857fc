import type { Kysely } from "kysely";
import { generatePassword, hashPassword } from "../http/lib/passwords";
import type { Database } from "../store/schema";
import { deleteUserTokens } from "../store/tokens";
import { removeAllSecondFactors } from "../store/two-factor";
import {
  createUser,
  findUserByUsername,
  findUserByUsernameKey,
  findUserToSignIn,
  setPasswordHash,
} from "../store/users";
import { OperatorError } from "./operator-error";

/**
 * Creates the admin user on first run. An existing user is left alone (its password is
 * changed with `npm run admin -- set-password`), and so is one whose username looks like
 * it ('admin' for ADMIN_USERNAME=Admin): that is who signs in with it. Returns the
 * generated password, if any.
 */
export async function ensureAdminUser(
  db: Kysely<Database>,
  username: string,
  password: string | undefined,
  cost: number,
  now: Date,
): Promise<string | null> {
  if (await findUserToSignIn(db, username)) return null;
  const chosen = password || generatePassword();
  await createUser(db, username, await hashPassword(chosen, cost), now);
  return password ? null : chosen;
}

/**
 * Sets (or creates the user with) a password and revokes the user's tokens. Refuses to
 * make a user whose username looks like someone's (docs/product.md, 'Names and
 * usernames'): the operator meant that person, or must choose another.
 */
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
    const lookalike = await findUserByUsernameKey(db, username);
    if (lookalike) {
      throw new OperatorError(
        `"${username}" looks too much like the username "${lookalike.username}" of someone on the committee: give theirs exactly to set their password, or choose another username.`,
      );
    }
    await createUser(db, username, hash, now);
    return { created: true };
  }
  await setPasswordHash(db, user.id, hash);
  await deleteUserTokens(db, user.id);
  return { created: false };
}

/**
 * The break-glass path for someone who lost their phone and their recovery codes:
 * removes their authenticator, recovery codes and passkeys, and signs them out
 * everywhere. False when there is no such user.
 */
export async function resetTwoFactor(db: Kysely<Database>, username: string): Promise<boolean> {
  const user = await findUserByUsername(db, username);
  if (!user) return false;
  await removeAllSecondFactors(db, user.id);
  await deleteUserTokens(db, user.id);
  return true;
}
